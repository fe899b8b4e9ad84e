import { loadToolPart } from '@huijing/tools';
import { use } from 'react';

/**
 * Suspends until the tool's widgets and parameter checks are in: the web's registry brings them
 * per tool (build/light-checks.ts, lib/tool-parts.ts), so a tool page loads its own tool's, not
 * all 45. `loadToolPart` answers the same promise on every render, marked fulfilled once loaded:
 * React replays a component that suspended after other hooks and resumes it only with the same
 * `use` call in the same place; a part that failed to come is asked for again on the next
 * render (after the error screen).
 */
export const useToolPart = (toolId: string) => {
  use(loadToolPart(toolId));
};
