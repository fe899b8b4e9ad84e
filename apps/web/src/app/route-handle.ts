/** Per-route data read by the root layout (document title, footer choice). */
export interface RouteHandle {
  title?: string;
}

export const SITE_TITLE = '绘境 · 室内与建筑设计 AI 渲染平台';
