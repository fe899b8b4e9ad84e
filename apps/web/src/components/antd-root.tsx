import { ConfigProvider, message, unstableSetRender } from 'antd';
import zhCNLocale from 'antd/es/locale/zh_CN';
import { use, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TOAST_MAX_COUNT, TOAST_TOP } from '../lib/constants';
import type { NoticeKind } from '../lib/notify';
import { openDialog, toastTop } from '../lib/toast-place';
import { antdMapToken, antdStylesHref } from 'virtual:antd-styles';
import { withPrebuiltAlgorithm } from './prebuilt-algorithm';
import { theme } from './theme';

/**
 * antd's theme, locale and message settings. This module is its own chunk: screens that use antd
 * load it beside their own chunk (app/route-helpers.ts), plain first screens (the home page)
 * never wait for it. Nesting it is harmless, so lazy pieces may wrap themselves in it too.
 */
/**
 * antd's styles for the tool page's components, baked at build time (components/antd-bake.tsx):
 * antd reads the file's cache-path map at its first render and skips generating those styles,
 * so the file must be in before anything of antd renders: screens wait for it beside their chunk
 * (app/route-helpers.ts) and `AntdRoot` suspends until it is (at most 3 s; without it antd
 * generates the styles itself, as in development). Put first in the head, where antd puts the
 * styles it generates, so the app's own stylesheets still win ties. (Not a top-level await: that
 * makes the bundler wrap every module of the chunks around it, +6 KB on every first load.)
 */
let stylesLoaded = !antdStylesHref || typeof document === 'undefined';
export const antdStylesReady: Promise<void> = stylesLoaded
  ? Promise.resolve()
  : new Promise<void>((resolve) => {
      const done = () => {
        stylesLoaded = true;
        resolve();
      };
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = antdStylesHref!;
      link.onload = link.onerror = done;
      setTimeout(done, 3000);
      document.head.prepend(link);
    });

/**
 * antd 5 renders a few detached pieces (button wave, static notices) with ReactDOM.render,
 * which React 19 removed. This hands antd a createRoot-based renderer instead, the approach
 * antd documents for React 19 without the extra patch package.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Unmount after the current render settles, as React warns on synchronous unmounts.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

// The theme's map token comes derived from the build where there is one (prebuilt-algorithm.ts).
const appTheme = withPrebuiltAlgorithm(theme, antdMapToken);

export const AntdRoot = ({ children }: { children: ReactNode }) => {
  if (!stylesLoaded) use(antdStylesReady);
  return (
    <ConfigProvider locale={zhCNLocale} theme={appTheme}>
      {children}
    </ConfigProvider>
  );
};

// Static notices (lib/notify) render outside the tree: give them the same theme and locale.
ConfigProvider.config({ holderRender: (children) => <AntdRoot>{children}</AntdRoot> });
message.config({ top: TOAST_TOP, maxCount: TOAST_MAX_COUNT });

/** One message per text at a time: the same server error never stacks. Returns its closer. */
export const showNotice = (text: string, kind: NoticeKind, silence?: () => void): (() => void) => {
  // antd keeps one container at the configured offset; the variable moves it clear of a dialog.
  document.documentElement.style.setProperty('--hj-toast-top', `${toastTop(openDialog())}px`);
  return message.open({
    type: kind,
    key: `${kind}:${text}`,
    content: silence ? (
      <span>
        {text}
        <button type="button" className="hj-notice__silence" onClick={silence}>
          不再提示
        </button>
      </span>
    ) : (
      text
    ),
  });
};
