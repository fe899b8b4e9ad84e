import { getTool, type ToolDefinition } from '@huijing/tools';
import { toolForLocation as catalogToolForLocation } from '../../../lib/tool-location';

/**
 * The registry tool a location opens. The choice is made on the build-time catalog, shared with
 * the phone redirect (lib/redirects.ts), which sends a tool link to its phone page.
 */
export const toolForLocation = (pathname: string, search: string): ToolDefinition | undefined => {
  const found = catalogToolForLocation(pathname, search);
  return found ? getTool(found.id) : undefined;
};
