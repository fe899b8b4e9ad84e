import '../../locales/areas/tools';
/**
 * The finished-task page alone (/done, /done2, /3dRenderDone), so the tool page's chunk does not
 * carry it, nor its share panel, and the done page does not carry the tool workspace.
 */
export { DonePage } from './done/done-page';
