import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd 5 renders a few detached pieces (button wave, static notices) with ReactDOM.render,
 * which React 19 removed. This hands antd a createRoot-based renderer instead, the approach
 * antd documents for React 19 without the extra patch package.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

export const installAntdReact19Render = () => {
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
};
