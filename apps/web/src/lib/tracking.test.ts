import { describe, expect, it } from 'vitest';
import { pageInfo, pageLabel, pageLabels } from './tracking';

describe('pageLabel', () => {
  it.each([
    ['/', 'home'],
    ['/home', 'home'],
    ['/newhome', 'home'],
    ['/agreement', 'agreement'],
    ['/authorInspirationhome/12', 'collectionDetail'],
    ['/insHomeByCreate/5', 'collectionDetail'],
    ['/insHomeByCollect/5', 'collectionDetail'],
    ['/insHomeByCase/5', 'collectionDetail'],
    ['/searchCase?kw=sofa', 'caseSearch'],
    ['/anliSearch', 'caseSearch'],
    ['/moreCollection', 'moreCollections'],
    ['/myDownload', 'myDownloads'],
    ['/similarRecommend/77', 'similar'],
    ['/casemineByCreate', 'myHome'],
    ['/casemineByCollect', 'myHome'],
    ['/casemineByCase', 'myHome'],
    ['/tupianHome', 'imageHome'],
    ['/caseHome', 'caseHome'],
    ['/aiToolPage', 'aiToolPage'],
    ['/classifyCase/3', 'caseCategory'],
    ['/authorHomePage/9', 'caseAuthor'],
    ['/seachInspiration?q=loft', 'inspirationSearch'],
    ['/landingPage', 'landingPage'],
    ['/personalCenter', 'myPersonalCenter'],
    ['/personalCenter/8842', 'userPersonalCenter'],
    ['/qaPage', 'helpCenter'],
    ['/findPage', 'discover'],
    ['/list', 'unknown'],
    ['/somewhere/else', 'unknown'],
  ] as const)('%s → %s', (path, label) => {
    expect(pageLabel(path)).toBe(label);
  });

  it('labels any path with a hash fragment as image detail', () => {
    expect(pageLabel('/tupianHome#img-123')).toBe('imageDetail');
    expect(pageLabel('/#42')).toBe('imageDetail');
    expect(pageLabel('https://huijing.example/caseHome?x=1#9')).toBe('imageDetail');
    expect(pageLabel('/caseHome#')).toBe('caseHome');
  });

  it('reads one, two or three category levels from the last segment of a category page', () => {
    expect(pageInfo('/classifyPage/11')).toMatchObject({ label: 'category', categoryIds: ['11'] });
    expect(pageInfo('/classifyPage/11-22').categoryIds).toEqual(['11', '22']);
    expect(pageInfo('/classifyPage/list/11-22-33').categoryIds).toEqual(['11', '22', '33']);
    expect(pageInfo('/classifyPage/1-2-3-4').categoryIds).toEqual(['1', '2', '3']);
    expect(pageInfo('/classifyPage').categoryIds).toEqual([]);
  });

  it('gives every label a Chinese name', () => {
    expect(pageInfo('/qaPage').name).toBe(pageLabels.helpCenter);
    for (const name of Object.values(pageLabels)) expect(name).toMatch(/[\u4e00-\u9fa5]/);
  });
});
