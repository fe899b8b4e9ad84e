import { antdStylesHref } from 'virtual:antd-styles';

/**
 * antd's styles for the tool page's components, baked at build time (components/antd-bake.tsx):
 * antd reads the file's cache-path map at its first render and skips generating those styles,
 * so the file must be in before anything of antd renders: screens wait for it beside their chunk
 * (app/route-helpers.ts) and `AntdRoot` suspends until it is (at most 3 s; without it antd
 * generates the styles itself, as in development). The tool page's workspace draws antd's look
 * without antd (components/antd-look.tsx) from this file alone. Put first in the head, where antd
 * puts the styles it generates, so the app's own stylesheets still win ties. (Not a top-level
 * await: that makes the bundler wrap every module of the chunks around it, +6 KB on every first
 * load.) No antd code here: the workspace waits for this module, not for antd.
 */
let loaded = !antdStylesHref || typeof document === 'undefined';
export const antdStylesLoaded = () => loaded;
export const antdStylesReady: Promise<void> = loaded
  ? Promise.resolve()
  : new Promise<void>((resolve) => {
      const done = () => {
        loaded = true;
        resolve();
      };
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = antdStylesHref!;
      link.onload = link.onerror = done;
      setTimeout(done, 3000);
      document.head.prepend(link);
    });
