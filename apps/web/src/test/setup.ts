import '@testing-library/jest-dom/vitest';
import { allTools, loadToolPart } from '@huijing/tools';
// Konva (the mask editor) draws on a canvas, which jsdom lacks.
import 'vitest-canvas-mock';
import { loadMaskLib } from '../features/tools/editor/use-mask-draft';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { enUS } from '../locales/en-US';
import { addStrings } from '../locales/register';
import { zhCN } from '../locales/zh-CN';

// Components are tested alone, without the area module that brings their strings in the app
// (locales/areas/*.ts), and some tests speak English: every string of both languages is there.
addStrings('zh-CN', zhCN);
addStrings('en-US', enUS);

// The web's registry brings each tool's widgets and parameters when a page asks for them
// (build/light-checks.ts), and the mask's code with the first tool that has a mask; components
// tested alone get them all up front.
await Promise.all([...allTools.map((tool) => loadToolPart(tool.id)), loadMaskLib()]);

// Screens load lazily and antd renders slowly under jsdom on a busy two-core machine; the
// default 1 s wait makes screen tests flaky without testing anything more.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom lacks matchMedia, which antd's responsive grid and Tabs read on mount.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not implement scrolling; screens scroll to top on navigation. Without this stub each
// navigation prints "Not implemented: window.scrollTo" into the test output.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// antd measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'); jsdom supports no
// pseudo-elements and logs each call. Answer for the element itself, as a browser without that
// pseudo-element would.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((el: Element) => computedStyle(el)) as typeof window.getComputedStyle;
