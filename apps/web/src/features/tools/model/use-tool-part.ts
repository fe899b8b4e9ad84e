import { loadToolPart } from '@huijing/tools';
import { use } from 'react';

/** A settled thenable as React's `use` reads one: it returns at once, without suspending. */
const loaded = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** Per tool, the one promise its pages wait on (React's `use` needs the same one each time). */
const waits = new Map<string, Promise<void>>();

/**
 * Suspends until the tool's widgets and parameter checks are in: the web's registry brings them
 * per tool (build/light-checks.ts), so a tool page loads its own tool's, not all 45. `use` sees
 * the same promise on every render, loaded or not: React replays a component that suspended
 * after other hooks and resumes it only with the same `use` call in the same place.
 */
export const useToolPart = (toolId: string) => {
  let wait = waits.get(toolId);
  if (!wait) {
    const pending = loadToolPart(toolId);
    wait = pending ?? loaded;
    waits.set(toolId, wait);
    // A part that failed to come is asked for again on the next render (after the error screen).
    pending?.catch(() => waits.delete(toolId));
  }
  use(wait);
};
