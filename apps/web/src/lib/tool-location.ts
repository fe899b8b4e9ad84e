import { catalogToolForRoute, catalogTools, type CatalogTool } from './tool-catalog';

/**
 * The tool a location opens, from the build-time catalog (the startup redirects run it before
 * any page, so it must not bring the registry's zod schemas into the first load). Two tools can
 * share a route (/imgs2Video): the entry's query picks between them.
 */
export const toolForLocation = (pathname: string, search: string): CatalogTool | undefined => {
  const sharing = catalogTools.filter((t) =>
    t.routes.some((r) => r.toLowerCase() === pathname.toLowerCase()),
  );
  if (sharing.length <= 1) return sharing[0] ?? catalogToolForRoute(pathname);
  const params = new URLSearchParams(search);
  const byEntry = sharing.find((t) => {
    if (!t.entry.includes('?')) return false;
    const entryParams = new URLSearchParams(t.entry.split('?')[1]);
    return [...entryParams].every(([k, v]) => params.get(k) === v);
  });
  return byEntry ?? sharing.find((t) => !t.entry.includes('?')) ?? sharing[0];
};
