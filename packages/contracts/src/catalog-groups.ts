import type { ClassifyFlatItem } from './catalog';

// The catalogue's groups and tree helpers without zod (catalog.ts holds the schemas and
// re-exports these): the tool page reads them in its first load, which carries no zod
// (docs/performance.md).

/**
 * Clients address top-level groups by their position in the getAllClassify array (spec §9:
 * "Category indexes 0, 4, 33 flattened at load; index 6 drives the indoor exterior default"), so
 * every group keeps its position forever and new groups are only ever appended.
 */
export const classifyGroups = {
  'interior-style': 0,
  'home-space': 1,
  'commercial-space': 2,
  'color-scheme': 3,
  'architecture-style': 4,
  'architecture-type': 5,
  'window-view': 6,
  lighting: 7,
  'soft-furnishing': 8,
  'landscape-type': 9,
  'floor-plan': 10,
  'floor-area': 11,
  facade: 12,
  'landscape-element': 13,
  planting: 14,
  season: 15,
  'image-style': 16,
  lens: 17,
  entourage: 18,
  'planning-type': 19,
  'studio-backdrop': 20,
  'outdoor-scene': 21,
  renovation: 22,
  exhibition: 23,
  'kitchen-layout': 24,
  ceiling: 25,
  'light-fixture': 26,
  'door-window': 27,
  stair: 28,
  bathroom: 29,
  storage: 30,
  'courtyard-feature': 31,
  'roof-form': 32,
  'landscape-style': 33,
} as const;
export type ClassifyGroup = keyof typeof classifyGroups;
export const classifyGroupKeys = Object.keys(classifyGroups) as [ClassifyGroup, ...ClassifyGroup[]];

/** Spec §9: these groups are flattened at load into one pickable list of their leaves. */
export const FLATTENED_CLASSIFY_INDEXES = [
  classifyGroups['interior-style'],
  classifyGroups['architecture-style'],
  classifyGroups['landscape-style'],
] as const;
/** Spec §9: the first enabled leaf of this group is the indoor-exterior tool's default view. */
export const INDOOR_EXTERIOR_DEFAULT_INDEX = classifyGroups['window-view'];

/** Top-level group ids: stable across environments because tools and seeds name them. */
export const classifyGroupId = (group: ClassifyGroup): string => `g-${group}`;

/**
 * Seeded category ids tool defaults refer to. The catalogue may change under them (an admin can
 * disable a style), so the server treats an unknown id as "no preference", never as an error.
 */
export const catalogDefaults = {
  interiorStyle: 'style-modern-minimal',
  commercialStyle: 'style-modern-minimal',
  architectureStyle: 'arch-modernism',
  landscapeStyle: 'land-modern-minimal',
  windowView: 'window-city-skyline',
  imageStyle: 'image-photoreal',
  studioBackdrop: 'backdrop-warm-gray',
  outdoorScene: 'scene-garden-lawn',
} as const;

/**
 * A tree node. Spec §3: "depth 3 and beyond are renamed childrens" — a node's sub-list is called
 * `children` while it holds level-2 nodes and `childrens` once it holds level 3 or deeper. Nodes
 * at level 3 and deeper carry `classifyId2` and `classifyId3`, the ids of their level-2 and
 * level-3 ancestors (a level-3 node's classifyId3 is its own id), which with the level-1 id make
 * the three dash-joined ids of a category page path (spec §2).
 */
export type ClassifyNode = {
  id: string;
  parentId: string | null;
  level: number;
  name: string;
  nameEn: string | null;
  sort: number;
  prompt: string;
  cover: string | null;
  classifyId2?: string;
  classifyId3?: string;
  children?: ClassifyNode[];
  childrens?: ClassifyNode[];
};
const subList = (node: ClassifyNode) => node.childrens ?? node.children ?? [];

/** The leaves of a group in display order, as the web flattens groups 0, 4 and 33 at load. */
export const flattenClassify = (group: ClassifyNode): ClassifyFlatItem[] => {
  const out: ClassifyFlatItem[] = [];
  const walk = (node: ClassifyNode, path: string[]) => {
    const kids = subList(node);
    if (kids.length === 0 && node !== group) {
      const { children: _c, childrens: _cs, ...rest } = node;
      out.push({ ...rest, path });
      return;
    }
    for (const kid of kids) walk(kid, [...path, node.name]);
  };
  walk(group, []);
  return out;
};

/** Spec §9: the indoor-exterior default is the first leaf of group 6. */
export const indoorExteriorDefault = (tree: ClassifyNode[]): string | undefined => {
  const group = tree[INDOOR_EXTERIOR_DEFAULT_INDEX];
  return group ? flattenClassify(group)[0]?.id : undefined;
};
