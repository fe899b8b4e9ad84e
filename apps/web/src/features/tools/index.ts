export { ToolPage } from './components/tool-page';
export { toolForLocation } from './model/tool-for-location';
