import { allTools, hostedRecipe } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { capabilityRecipes as arkCapabilities, recipes as arkRecipes } from './ark/ark-recipes';
import {
  capabilityRecipes as dashScopeCapabilities,
  recipes as dashScopeRecipes,
} from './dashscope/dashscope-recipes';

const providers = {
  dashscope: { capabilities: dashScopeCapabilities, recipes: dashScopeRecipes },
  ark: { capabilities: arkCapabilities, recipes: arkRecipes },
} as const;

describe('tools on the hosted engines, as data', () => {
  it('gives every tool a hosted engine serves a Chinese template', () => {
    for (const [provider, p] of Object.entries(providers)) {
      const served = allTools.filter(
        (t) => t.capability in p.capabilities || t.hosted?.[provider as keyof typeof providers],
      );
      expect(served.length).toBeGreaterThan(10);
      for (const tool of served) {
        expect(tool.hosted?.prompt.lines.length, `${provider}: ${tool.id}`).toBeGreaterThan(0);
        expect(tool.hosted!.prompt.lines.join(''), tool.id).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });

  it('names only recipes the provider has, for every option that picks one', () => {
    for (const tool of allTools)
      for (const provider of ['dashscope', 'ark'] as const) {
        const serve = tool.hosted?.[provider];
        if (!serve) continue;
        const names = [serve.recipe, ...(serve.when ?? []).map((w) => w.recipe)];
        for (const name of names)
          expect(Object.keys(providers[provider].recipes), `${tool.id} → ${name}`).toContain(name);
      }
  });

  it('tells every render family to keep the space, for photos, 3D screenshots and sketches', () => {
    // The render families share the keep sentences by input kind; each variant names them all.
    const families = allTools.filter((t) => t.hosted?.prompt.keep);
    expect(families.length).toBeGreaterThanOrEqual(14);
    for (const tool of families) {
      expect(tool.hosted!.prompt.lines[0], tool.id).toBe('{keep}');
      for (const text of Object.values(tool.hosted!.prompt.keep!)) {
        expect(text, tool.id).toMatch(/透视/);
        expect(text, tool.id).toMatch(/门窗/);
      }
    }
    // Every other space-keeping edit (not product shots) says so in its own lines.
    for (const tool of allTools.filter(
      (t) => t.capability === 'render' && !t.id.startsWith('studio'),
    ))
      expect(
        tool.hosted!.prompt.lines.join('') + (tool.hosted!.prompt.keep ? '不变' : ''),
        tool.id,
      ).toMatch(/不变/);
    const indoor = allTools.find((t) => t.id === 'indoor')!.hosted!.prompt.keep!;
    expect(indoor.photo).toMatch(/家具的布局/);
    expect(indoor.model).toMatch(/白模/);
    expect(indoor.sketch).toMatch(/手绘/);
  });

  it('picks a recipe by option: a sketch goes to doodle, the rest to render', () => {
    const tool = allTools.find((t) => t.id === 'home-decoration');
    expect(hostedRecipe(tool, 'dashscope', { source: 'sketch' })).toBe('doodle');
    expect(hostedRecipe(tool, 'dashscope', { source: 'photo' })).toBe('render');
    expect(hostedRecipe(tool, 'ark', { source: 'sketch' })).toBe('render');
    expect(
      hostedRecipe(
        allTools.find((t) => t.id === 'clean'),
        'ark',
        {},
      ),
    ).toBeUndefined();
  });
});
