import { describe, expect, it } from 'vitest';
import { toolDefinitionSchema } from './define-tool';
import { allTools, getTool, toolForRoute, toolsOfFamily } from './registry';

describe('tool registry', () => {
  it('has unique ids and every definition parses', () => {
    const ids = allTools.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of allTools) expect(() => toolDefinitionSchema.parse(t)).not.toThrow();
  });

  it('gives every route to one page only (tools sharing /imgs2Video are its two modes)', () => {
    const owners = new Map<string, string[]>();
    for (const t of allTools)
      for (const r of t.routes) owners.set(r, [...(owners.get(r) ?? []), t.id]);
    const shared = [...owners].filter(([, ids]) => ids.length > 1);
    expect(shared).toEqual([['/imgs2Video', ['multi-image-video', 'first-last-video']]]);
  });

  it('finds tools by id, route (case-insensitive) and family', () => {
    expect(getTool('clean')?.routes).toEqual(['/clean']);
    expect(toolForRoute('/MaterialChange')?.id).toBe('material-change');
    expect(toolForRoute('/nope')).toBeUndefined();
    expect(toolForRoute('/imgs2Video')?.id).toBe('multi-image-video');
    expect(toolsOfFamily('generate').every((t) => t.family === 'generate')).toBe(true);
  });

  it('prices video tools in video tickets and live render in live tickets', () => {
    expect(
      toolsOfFamily('generate').filter((t) => t.ticketType === 4).length,
    ).toBeGreaterThanOrEqual(4);
    expect(getTool('live-render')?.ticketType).toBe(2);
  });
});
