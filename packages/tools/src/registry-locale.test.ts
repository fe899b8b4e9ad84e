import { describe, expect, it } from 'vitest';
import type { Localized } from './define-tool';
import { allTools, familyNames } from './registry';
import { toolVerb } from './verbs';

/** Han ideographs and the full-width punctuation that comes with Chinese text. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff5e]/;

/** Every localized text a tool shows: name, description, inputs, widget labels, help, options. */
const texts = (): [string, Localized][] =>
  allTools.flatMap((tool) => [
    [`${tool.id}.name`, tool.name] as [string, Localized],
    [`${tool.id}.description`, tool.description],
    [`${tool.id}.verb`, toolVerb(tool)],
    ...tool.inputs.map((i): [string, Localized] => [`${tool.id}.input.${i.name}`, i.label]),
    ...Object.entries(tool.widgets).flatMap(([param, w]): [string, Localized][] =>
      w
        ? [
            [`${tool.id}.${param}.label`, w.label],
            ...(w.help ? [[`${tool.id}.${param}.help`, w.help] as [string, Localized]] : []),
            ...(w.options ?? []).map((o): [string, Localized] => [
              `${tool.id}.${param}.option.${o.value}`,
              o.label,
            ]),
          ]
        : [],
    ),
  ]);

describe('the registry in both languages', () => {
  it('has an English text for every Chinese one, with no Chinese left in it', () => {
    const all = [
      ...texts(),
      ...Object.entries(familyNames).map(([k, v]): [string, Localized] => [`family.${k}`, v]),
    ];
    expect(all.length).toBeGreaterThan(allTools.length * 2);
    const empty = all.filter(([, l]) => !l['zh-CN'].trim() || !l['en-US'].trim());
    const untranslated = all.filter(([, l]) => CJK.test(l['en-US']));
    expect(empty.map(([k]) => k)).toEqual([]);
    expect(untranslated.map(([k]) => k)).toEqual([]);
  });

  it('names every tool differently in each language', () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const names = allTools.map((t) => t.name[lang]);
      expect(new Set(names).size, lang).toBe(names.length);
    }
  });
});
