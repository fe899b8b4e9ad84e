import { useEffect } from 'react';

export const SITE_TITLE = '绘境 · 室内与建筑设计 AI 渲染平台';

/** Each screen names its tab; screens without a title get the site title. */
export const usePageTitle = (title?: string) => {
  useEffect(() => {
    document.title = title ? `${title} · 绘境 AI 渲染` : SITE_TITLE;
  }, [title]);
};
