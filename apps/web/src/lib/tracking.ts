/**
 * Page labels for analytics, derived from the path (spec §2).
 *
 * The spec names the path segment for most labels. Where it does not, these segments are used
 * (camelCase, like the rest of the legacy URLs):
 *   moreCollection      more collections
 *   myDownload          my downloads
 *   similarRecommend    similar recommendations
 *   landingPage         landing page
 *   personalCenter      my personal center (no id after it)
 *   personalCenter/:id  another user's personal center
 * A hash fragment (the image-detail overlay opens over any page) takes precedence over the path.
 * /home and /newhome are the same home screen as the root and share its label.
 */

export const pageLabels = {
  home: '首页',
  agreement: '用户协议',
  collectionDetail: '图集详情',
  caseSearch: '案例搜索',
  moreCollections: '更多图集',
  myDownloads: '我的下载',
  similar: '相似推荐',
  myHome: '我的主页',
  category: '分类页',
  imageHome: '图片首页',
  caseHome: '案例首页',
  aiToolPage: '室内 AI 工具页',
  caseCategory: '案例分类',
  caseAuthor: '案例作者页',
  inspirationSearch: '灵感搜索列表',
  landingPage: '落地页',
  myPersonalCenter: '我的个人中心',
  userPersonalCenter: '他人个人中心',
  helpCenter: '帮助中心',
  discover: '发现页',
  imageDetail: '图片详情',
  unknown: '未知页面',
} as const;

export type PageLabel = keyof typeof pageLabels;

export interface PageInfo {
  label: PageLabel;
  /** Chinese display name of the label, as sent to the analytics backend. */
  name: string;
  /** Category pages only: the ids of levels 1 to 3 carried by the last segment. */
  categoryIds?: string[];
}

/** First path segment → label, for labels decided by the segment alone. */
const bySegment: Record<string, PageLabel> = {
  agreement: 'agreement',
  authorInspirationhome: 'collectionDetail',
  insHomeByCreate: 'collectionDetail',
  insHomeByCollect: 'collectionDetail',
  insHomeByCase: 'collectionDetail',
  searchCase: 'caseSearch',
  anliSearch: 'caseSearch',
  moreCollection: 'moreCollections',
  myDownload: 'myDownloads',
  similarRecommend: 'similar',
  casemineByCreate: 'myHome',
  casemineByCollect: 'myHome',
  casemineByCase: 'myHome',
  tupianHome: 'imageHome',
  caseHome: 'caseHome',
  aiToolPage: 'aiToolPage',
  classifyCase: 'caseCategory',
  authorHomePage: 'caseAuthor',
  seachInspiration: 'inspirationSearch',
  landingPage: 'landingPage',
  qaPage: 'helpCenter',
  findPage: 'discover',
};

const info = (label: PageLabel, categoryIds?: string[]): PageInfo =>
  categoryIds
    ? { label, name: pageLabels[label], categoryIds }
    : { label, name: pageLabels[label] };

/** Labels a location. Accepts a path with optional query and hash, or a full URL. */
export const pageInfo = (location: string): PageInfo => {
  const url = new URL(location, 'http://local.invalid');
  if (url.hash.length > 1) return info('imageDetail');

  const segments = url.pathname.split('/').filter(Boolean);
  const [first, ...rest] = segments;
  if (first === undefined || (rest.length === 0 && (first === 'home' || first === 'newhome'))) {
    return info('home');
  }

  if (first === 'classifyPage') {
    const last = rest.at(-1);
    const ids = last ? last.split('-').filter(Boolean).slice(0, 3) : [];
    return info('category', ids);
  }
  if (first === 'personalCenter') {
    return info(rest.length > 0 ? 'userPersonalCenter' : 'myPersonalCenter');
  }
  const label = bySegment[first];
  return info(label ?? 'unknown');
};

export const pageLabel = (location: string): PageLabel => pageInfo(location).label;
