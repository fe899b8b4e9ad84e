import { ToolScreen } from './tool-screen';

/** /lama has no footer (spec §2). */
export const ToolScreenWithFooter = () => <ToolScreen footer />;
export const ToolScreenWithoutFooter = () => <ToolScreen footer={false} />;
