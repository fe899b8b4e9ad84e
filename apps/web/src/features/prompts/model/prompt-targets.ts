import { allTools, type ToolDefinition } from '@huijing/tools';

/** Tools with a prompt box (a promptTxt parameter): where "使用这个提示词" can send a prompt. */
export const promptTargets: ToolDefinition[] = allTools.filter(
  (tool) => 'promptTxt' in tool.params.shape,
);

export const DEFAULT_TARGET = 'text-to-image';

/** The tool page with the prompt in its address; the tool page moves it into promptTxt. */
export const promptTargetHref = (tool: ToolDefinition, prompt: string): string => {
  const [path = '/', query = ''] = (tool.routes[0] ?? '/').split('?');
  const params = new URLSearchParams(query);
  params.set('prompt', prompt.trim().slice(0, 1000));
  return `${path}?${params.toString()}`;
};
