import { z } from 'zod';

/** Ticket kinds of spec §3: 1 general, 2 live, 3 gpt, 4 video. */
export const ticketTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const toolFamilySchema = z.enum(['render', 'edit', 'generate']);
export type ToolFamily = z.infer<typeof toolFamilySchema>;

export const toolDefinitionSchema = z.object({
  /** Stable kebab id; never reused. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  family: toolFamilySchema,
  /** Route paths of spec §2 this tool's page owns; the first is canonical. */
  routes: z.array(z.string().startsWith('/')).min(1),
  /** Where a card links to when it differs from the first route (e.g. a mode query). */
  entry: z.string().startsWith('/').optional(),
  name: z.object({ 'zh-CN': z.string().min(1), 'en-US': z.string().min(1) }),
  description: z.object({ 'zh-CN': z.string().min(1), 'en-US': z.string().min(1) }),
  ticketType: ticketTypeSchema,
  /** Shown as a ribbon on cards. */
  badge: z.enum(['new', 'hot', 'pro']).optional(),
});
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;

/** Declares one tool. Parsing at definition time makes a malformed tool fail at import. */
export const defineTool = (tool: ToolDefinition): ToolDefinition =>
  toolDefinitionSchema.parse(tool);

export const toolEntry = (tool: ToolDefinition): string => tool.entry ?? tool.routes[0]!;
