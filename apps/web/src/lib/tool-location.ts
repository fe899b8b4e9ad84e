import { allTools, toolForRoute, type ToolDefinition } from '@huijing/tools';

/** Two tools can share a route (/imgs2Video): the entry's query picks between them. */
export const toolForLocation = (pathname: string, search: string): ToolDefinition | undefined => {
  const sharing = allTools.filter((t) =>
    t.routes.some((r) => r.toLowerCase() === pathname.toLowerCase()),
  );
  if (sharing.length <= 1) return sharing[0] ?? toolForRoute(pathname);
  const params = new URLSearchParams(search);
  const byEntry = sharing.find((t) => {
    if (!t.entry?.includes('?')) return false;
    const entryParams = new URLSearchParams(t.entry.split('?')[1]);
    return [...entryParams].every(([k, v]) => params.get(k) === v);
  });
  return byEntry ?? sharing.find((t) => !t.entry) ?? sharing[0];
};
