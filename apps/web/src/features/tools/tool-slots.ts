import { createContext, type ComponentType } from 'react';
import type { OverrideProps } from './overrides';

/**
 * Pieces other areas put on the tool page, provided by app/ (features never import each other).
 * `ParamsExtra` sits above the parameter form of tools that take a trained model (`loraId`):
 * the models area's 我的模型 / 模型广场 picker.
 */
export type ToolSlots = { ParamsExtra?: ComponentType<OverrideProps> };

export const ToolSlotsContext = createContext<ToolSlots>({});
