import '../../locales/areas/tools';
export { ToolPage } from './components/tool-page';
export { toolForLocation } from './model/tool-for-location';
export { ToolSlotsContext } from './tool-slots';
