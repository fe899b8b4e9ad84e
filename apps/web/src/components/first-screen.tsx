import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

/**
 * True only while the build renders a page's first screen into its shell
 * (app/first-screens.tsx, build/prerender.ts). The shell carries what a visitor sees before any
 * script runs; what lies below the fold is left to the app, so the document stays small and its
 * first layout cheap (docs/performance.md).
 */
export const FirstScreenOnly = createContext(false);

/**
 * While the app takes over a prerendered first screen (its first render, before the root loses
 * `data-first-screen`, main.tsx), the parts below the fold are added one after another, each in a
 * background render of its own once the one before has been drawn, so the start-up work is many
 * short tasks instead of one long one. Rendered later (every page the app itself navigates to),
 * they appear at once, so scroll restoration finds the page whole.
 */
const takingOver = () =>
  typeof document !== 'undefined' &&
  document.getElementById('root')?.hasAttribute('data-first-screen') === true;
const waiting: (() => void)[] = [];
let current: (() => void) | undefined;

const revealNext = () => {
  current = waiting.shift();
  if (!current) return;
  const reveal = current;
  setTimeout(() => startTransition(reveal), 0);
};

/** Content below the first screen: left out of the prerendered shell, rendered by the app. */
export const BelowTheFold = ({ children }: { children: ReactNode }) => {
  const firstScreenOnly = useContext(FirstScreenOnly);
  const [shown, setShown] = useState(() => !takingOver());
  useEffect(() => {
    if (shown) return;
    const reveal = () => setShown(true);
    waiting.push(reveal);
    if (!current) revealNext();
    return () => {
      const at = waiting.indexOf(reveal);
      if (at >= 0) waiting.splice(at, 1);
      // Drawn (this runs once it is on the page), or gone before it was: the next may follow.
      if (current === reveal) revealNext();
    };
  }, [shown]);
  if (firstScreenOnly || !shown) return null;
  return children;
};
