/** Shared with the phone redirect (lib/redirects.ts), which sends a tool link to its phone page. */
export { toolForLocation } from '../../../lib/tool-location';
