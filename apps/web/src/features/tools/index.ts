export { ToolPage } from './components/tool-page';
export { toolForLocation } from './model/tool-for-location';
export { DonePage } from './done/done-page';
export { ToolSlotsContext, type ToolSlots } from './tool-slots';
