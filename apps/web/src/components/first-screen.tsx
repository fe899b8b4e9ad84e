import { createContext, useContext, type ReactNode } from 'react';

/**
 * True only while the build renders a page's first screen into its shell
 * (app/first-screens.tsx, build/prerender.ts). The shell carries what a visitor sees before any
 * script runs; what lies below the fold is left to the app, so the document stays small and its
 * first layout cheap (docs/performance.md).
 */
export const FirstScreenOnly = createContext(false);

/** Content below the first screen: left out of the prerendered shell, rendered by the app. */
export const BelowTheFold = ({ children }: { children: ReactNode }) =>
  useContext(FirstScreenOnly) ? null : children;
