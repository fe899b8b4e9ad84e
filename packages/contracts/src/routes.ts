/**
 * The route table of spec §2 as data. The web router must define exactly these paths (a test
 * checks it); the server answers them with the SPA shell and status 200, and every other
 * non-API path with the shell and status 404, so crawlers and monitors see a real not-found.
 */
export const specRoutes = [
  '/',
  '/newhome',
  '/home',
  '/list',
  '/agreement',
  '/client',
  '/lama',
  '/aiDesignMangement',
  '/panorama',
  '/facerestoration',
  '/materialchange',
  '/materialChange',
  '/backgroundchange',
  '/atmosphereChange',
  '/oldhouse',
  '/modelsquare',
  '/modelTrain',
  '/modelTraining',
  '/multiAngleRender',
  '/mobileHome',
  '/mobileList',
  '/mobilePrepare',
  '/mobileDone',
  '/dingzhi',
  '/imgs2Video',
  '/deepseek',
  '/imgagent',
  '/ailive',
  '/ailiveOld',
  '/xitu',
  '/wanwuqianyi',
  '/localRenderingPro',
  '/localRenderingProIndoor',
  '/toline',
  '/3drender',
  '/3dRenderDone',
  '/allPlan',
  '/emptyRoom',
  '/indoorExterior',
  '/indoorShedShot',
  '/outdoorShedShot',
  '/matting',
  '/extendImg',
  '/clean',
  '/realUpImg',
  '/compress',
  '/upScaleImg',
  '/architecturalPart',
  '/architecturalRender',
  '/architecturalRenderNew',
  '/birdsViewRender',
  '/landscapeRender',
  '/landscapeRenderNew',
  '/lockImgOut',
  '/lockImg',
  '/text2Img',
  '/text2ImgPro',
  '/text2Video',
  '/img2Video',
  '/styleTransfer',
  '/styleTransferIndoor',
  '/gongzhuangRender',
  '/gongzhuangRenderNew',
  '/indoorRender',
  '/indoorRenderNew',
  '/colorFlatPicture',
  '/done',
  '/done2',
  '/img2prompt',
  '/text2prompt',
] as const;

export type SpecRoute = (typeof specRoutes)[number];

/** Page paths the product adds beyond spec §2: the login page (spec §2 login path) and the admin area. */
export const extraRoutes: readonly string[] = [
  '/user/login',
  '/admin',
  '/admin/login',
  '/admin/accounts',
  '/admin/client',
  // admin console
  '/admin/dashboard',
  '/admin/users',
  '/admin/tasks',
  '/admin/engines',
  '/admin/settings',
  '/admin/audit',
  // moderation queues
  '/admin/moderation/gallery',
  '/admin/moderation/models',
  '/admin/orders',
  '/admin/reconcile',
  '/admin/products',
  // community: the pages the tracking labels name; `:x` segments are parameters
  '/findPage',
  '/tupianHome',
  '/caseHome',
  '/classifyCase',
  '/classifyPage/:ids',
  '/seachInspiration',
  '/searchCase',
  '/anliSearch',
  '/authorHomePage/:id',
  '/authorInspirationhome/:id',
  '/insHomeByCreate/:id',
  '/insHomeByCase/:id',
  '/insHomeByCollect/:id',
  '/casemineByCreate',
  '/casemineByCase',
  '/casemineByCollect',
  '/qaPage',
  '/admin/feedback',
  // commerce: the personal center's order history
  '/personalCenter',
];

/** Spec §2: the login path constant. */
export const LOGIN_PATH = '/user/login';

const known = new Set<string>([...specRoutes, ...extraRoutes]);

/** Routes with parameters (`/authorHomePage/:id`), one segment per parameter. */
const patterns = [...known]
  .filter((p) => p.includes('/:'))
  .map((p) => new RegExp(`^${p.replace(/:[^/]+/g, '[^/]+')}$`));

/** Exact match, as react-router matches these paths (case-sensitive, trailing slash allowed). */
export const isKnownPagePath = (pathname: string): boolean => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return known.has(path) || patterns.some((p) => p.test(path));
};
