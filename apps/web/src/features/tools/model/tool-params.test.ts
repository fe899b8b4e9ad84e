import type { ClassifyNode } from '@huijing/contracts';
import { classifyGroupKeys } from '@huijing/contracts';
import { getTool } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { catalogueDefaultParams, catalogueDefaults, paramValues } from './tool-params';

const leaf = (id: string, level = 2): ClassifyNode => ({
  id,
  parentId: null,
  level,
  name: id,
  nameEn: null,
  sort: 0,
  prompt: '',
  cover: null,
});
/** A tree whose window-view group (index 6) starts with a view the registry does not default to. */
const tree: ClassifyNode[] = classifyGroupKeys.map((key) =>
  key === 'window-view'
    ? { ...leaf(`g-${key}`, 1), children: [leaf('window-lake-view'), leaf('window-city-skyline')] }
    : { ...leaf(`g-${key}`, 1), children: [leaf(`${key}-first`)] },
);

describe('catalogue-driven defaults (spec §9: index 6 drives the indoor exterior default)', () => {
  const exterior = getTool('indoor-exterior')!;

  it('only the window-view picker of /indoorExterior takes its default from the tree', () => {
    expect(catalogueDefaultParams(exterior)).toEqual(['environment']);
    expect(catalogueDefaultParams(getTool('home-decoration')!)).toEqual([]);
    expect(catalogueDefaultParams(getTool('architecture')!)).toEqual([]);
  });

  it('a fresh /indoorExterior starts on the first window view, with cnStrength 0.7', () => {
    const values = paramValues(exterior, {}, catalogueDefaults(exterior, tree));
    expect(values.environment).toBe('window-lake-view');
    expect(values.cnStrength).toBe(0.7);
    expect(exterior.params.safeParse(values).success).toBe(true);
  });

  it('keeps the registry default until the tree loads, and the designer’s pick over both', () => {
    expect(catalogueDefaults(exterior, undefined)).toEqual({});
    expect(paramValues(exterior, {}, catalogueDefaults(exterior, undefined)).environment).toBe(
      'window-city-skyline',
    );
    const picked = paramValues(
      exterior,
      { environment: 'window-city-skyline' },
      catalogueDefaults(exterior, tree),
    );
    expect(picked.environment).toBe('window-city-skyline');
  });

  it('an empty window-view group leaves the registry default', () => {
    const bare = tree.map((g, i) => (i === 6 ? { ...g, children: [] } : g));
    expect(catalogueDefaults(exterior, bare)).toEqual({});
  });
});
