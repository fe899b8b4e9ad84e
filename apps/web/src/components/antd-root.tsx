import { ConfigProvider, message, unstableSetRender } from 'antd';
import zhCNLocale from 'antd/es/locale/zh_CN';
import { use, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TOAST_MAX_COUNT, TOAST_TOP } from '../lib/constants';
import type { NoticeKind } from '../lib/notify';
import { openDialog, toastTop } from '../lib/toast-place';
import { antdMapToken } from 'virtual:antd-map-token';
import { antdStylesLoaded, antdStylesReady } from './antd-styles';
import { withPrebuiltAlgorithm } from './prebuilt-algorithm';
import { buttonConfig, theme } from './theme';

// antd's theme, locale and message settings. This module is its own chunk: screens that use antd
// load it beside their own chunk (app/route-helpers.ts), plain first screens (the home page) and
// the tool page's workspace never wait for it. Nesting it is harmless, so lazy pieces wrap
// themselves in it (components/lazy-part.tsx: withAntdRoot, lazyPart; lazy-overlay.tsx).

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
  if (!antdStylesLoaded()) use(antdStylesReady);
  return (
    <ConfigProvider locale={zhCNLocale} theme={appTheme} button={buttonConfig}>
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
