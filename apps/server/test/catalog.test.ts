import {
  catalogDefaults,
  classifyGroupId,
  classifyGroups,
  classifyTreeSchema,
  flattenClassify,
  indoorExteriorDefault,
  materialCategories,
  materialLibrarySchema,
} from '@huijing/contracts';
import type { ClassifyNode, MaterialLibrary } from '@huijing/contracts';
import { allTools } from '@huijing/tools';
import type { Widget } from '@huijing/tools';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE } from '../src/config/clock';
import { seedCatalog, seededCategories } from '../src/db/seeds/catalog';
import { buildTestApp, describeEachDatabase, expectError, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

const ROOT = { username: 'root', password: 'root-password-2026' };

/** Every node of the tree with the key its list was found under. */
const walk = (
  nodes: ClassifyNode[],
  key = 'top',
  out: { node: ClassifyNode; key: string }[] = [],
) => {
  for (const node of nodes) {
    out.push({ node, key });
    if (node.children) walk(node.children, 'children', out);
    if (node.childrens) walk(node.childrens, 'childrens', out);
  }
  return out;
};

describeEachDatabase('catalogue', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let admin: string;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({
      target,
      now: clock.now,
      env: { ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/manage/login',
      payload: ROOT,
    });
    admin = login.json().data.token as string;
  });
  afterAll(() => t.close());

  const getTree = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/getAllClassify' });
    expect(res.statusCode, res.body).toBe(200);
    return { res, tree: classifyTreeSchema.parse(res.json().data) };
  };
  const getLibrary = async (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/ai/getAllSuCai', headers });
  const manage = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    t.app.inject({
      method,
      url: `/api/user/manage/catalog${url}`,
      headers: { satoken: token },
      ...(payload && { payload }),
    });

  it('serves the tree: children at level 2, childrens from level 3 down with classifyId2/3', async () => {
    const { tree } = await getTree();
    const all = walk(tree);
    expect(all.length).toBe(seededCategories().length);
    for (const { node, key } of all) {
      if (node.level === 1) expect(key).toBe('top');
      if (node.level === 2) expect(key).toBe('children');
      if (node.level >= 3) {
        expect(key, node.id).toBe('childrens');
        expect(node.classifyId2, node.id).toBeTruthy();
        expect(node.classifyId3, node.id).toBeTruthy();
      } else {
        expect(node.classifyId2).toBeUndefined();
      }
    }
    // A level-4 node names its level-2 and level-3 ancestors.
    const masterBedroom = all.find((e) => e.node.id === 'space-master-bedroom')!.node;
    expect(masterBedroom).toMatchObject({
      level: 4,
      parentId: 'space-bedroom',
      classifyId2: 'zone-private',
      classifyId3: 'space-bedroom',
    });
    expect(all.find((e) => e.node.id === 'space-bedroom')!.node.classifyId3).toBe('space-bedroom');
    expect(all.some((e) => e.node.level >= 4)).toBe(true);
  });

  it('keeps the documented positions: 0, 4, 33 flatten to styles, 6 holds the window views', async () => {
    const { tree } = await getTree();
    for (const [key, position] of Object.entries(classifyGroups))
      expect(tree[position]?.id, key).toBe(classifyGroupId(key as keyof typeof classifyGroups));
    expect(tree[0]!.name).toBe('室内风格');
    expect(tree[4]!.name).toBe('建筑风格');
    expect(tree[33]!.name).toBe('景观风格');
    expect(tree[6]!.name).toBe('室内外景');

    const interior = flattenClassify(tree[0]!).map((i) => i.name);
    expect(interior).toEqual(
      expect.arrayContaining(['现代简约', '新中式', '奶油风', '侘寂', '工业风']),
    );
    expect(flattenClassify(tree[0]!).every((i) => i.level === 3 && i.prompt !== '')).toBe(true);
    expect(flattenClassify(tree[4]!).map((i) => i.id)).toContain(catalogDefaults.architectureStyle);
    expect(flattenClassify(tree[33]!).map((i) => i.id)).toContain(catalogDefaults.landscapeStyle);
    expect(indoorExteriorDefault(tree)).toBe(catalogDefaults.windowView);
  });

  it('has every category id a tool defaults to, in the group its picker reads', async () => {
    const { tree } = await getTree();
    const pickers = allTools.flatMap((tool) =>
      Object.entries(tool.widgets as Record<string, Widget>)
        .filter(([, w]) => w.kind === 'style-picker')
        .map(([name, w]) => ({
          at: `${tool.id}.${name}`,
          group: w.catalog!,
          value: (tool.params.parse({}) as Record<string, string>)[name]!,
        })),
    );
    expect(pickers.length).toBeGreaterThan(15);
    for (const { at, group, value } of pickers) {
      if (value === '') continue;
      const ids = walk([tree[classifyGroups[group]]!]).map((e) => e.node.id);
      expect(ids, at).toContain(value);
    }
  });

  it('serves the materials library with drawn swatches in every category', async () => {
    const res = await getLibrary();
    expect(res.statusCode).toBe(200);
    const library: MaterialLibrary = materialLibrarySchema.parse(res.json().data);
    expect(library.map((c) => c.id)).toEqual(Object.keys(materialCategories));
    for (const category of library) {
      expect(category.materials.length, category.id).toBeGreaterThanOrEqual(3);
      for (const m of category.materials) {
        expect(m.category).toBe(category.id);
        expect(m.swatch.image.startsWith('data:image/svg+xml,')).toBe(true);
        const svg = decodeURIComponent(m.swatch.image.slice('data:image/svg+xml,'.length));
        expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
        expect(svg).toContain(`fill="${m.swatch.color}"`);
        expect(svg).not.toMatch(/href=|url\((?!#)/);
      }
    }
    const oak = library[0]!.materials.find((m) => m.id === 'floor-oak-natural')!;
    expect(oak).toMatchObject({ name: '原木色橡木地板', swatch: { pattern: 'wood-grain' } });
    expect(decodeURIComponent(oak.swatch.image).match(/<path /g)!.length).toBeGreaterThan(5);
  });

  it('is cacheable: max-age 300 and an ETag that answers 304 until the content changes', async () => {
    const first = await getLibrary();
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await getLibrary({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await getLibrary({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
    const { res } = await getTree();
    expect(res.headers.etag).not.toBe(etag);
    const tree304 = await t.app.inject({
      method: 'GET',
      url: '/api/ai/getAllClassify',
      headers: { 'if-none-match': `W/${res.headers.etag as string}` },
    });
    expect(tree304.statusCode).toBe(304);
  });

  it('shows an admin edit at once: new style, rename, disabled subtree, new material', async () => {
    const before = await getTree();
    const created = await manage('POST', '/category', {
      parentId: 'family-modern',
      name: '原木奶油',
      nameEn: 'Wood and cream',
      prompt: 'light wood and cream tones, soft rounded forms',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    expect(id).toMatch(/^family-modern-[0-9a-f]{6}$/);
    expect(created.json().data).toMatchObject({ level: 3, enabled: true });

    expect(
      (await manage('POST', '/category/space-kids-room', { name: '儿童房（男孩）' })).statusCode,
    ).toBe(200);
    expect((await manage('POST', '/category/family-eclectic', { enabled: false })).statusCode).toBe(
      200,
    );

    const after = await getTree();
    expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/ai/getAllClassify',
      headers: { 'if-none-match': before.res.headers.etag as string },
    });
    expect(stale.statusCode).toBe(200);
    const styles = flattenClassify(after.tree[0]!);
    expect(styles.map((s) => s.id)).toContain(id);
    expect(styles.find((s) => s.id === id)).toMatchObject({
      classifyId2: 'family-modern',
      classifyId3: id,
    });
    expect(styles.map((s) => s.id)).not.toContain('style-mid-century');
    expect(walk(after.tree).find((e) => e.node.id === 'space-kids-room')!.node.name).toBe(
      '儿童房（男孩）',
    );

    const material = await manage('POST', '/material', {
      name: '橄榄绿微水泥',
      category: 'concrete',
      color: '#6B7452',
      pattern: 'concrete',
      prompt: 'olive green microcement',
      tags: ['水泥', '绿色'],
    });
    expect(material.statusCode, material.body).toBe(200);
    const concrete = materialLibrarySchema
      .parse((await getLibrary()).json().data)
      .find((c) => c.id === 'concrete')!;
    expect(concrete.materials.at(-1)).toMatchObject({
      name: '橄榄绿微水泥',
      swatch: { color: '#6b7452', pattern: 'concrete' },
    });
    const off = await manage('POST', `/material/${material.json().data.id as string}`, {
      enabled: false,
    });
    expect(off.json().data.enabled).toBe(false);
    const lib = materialLibrarySchema.parse((await getLibrary()).json().data);
    expect(lib.find((c) => c.id === 'concrete')!.materials.map((m) => m.name)).not.toContain(
      '橄榄绿微水泥',
    );

    // Admin lists include what the public tree hides.
    const list = (await manage('GET', '/categories')).json().data as {
      id: string;
      enabled: boolean;
    }[];
    expect(list.find((c) => c.id === 'family-eclectic')!.enabled).toBe(false);
    // Seeding again on boot keeps every edit.
    expect(await seedCatalog(t.container.database.db)).toEqual({ categories: 0, materials: 0 });
    expect(
      walk((await getTree()).tree).find((e) => e.node.id === 'space-kids-room')!.node.name,
    ).toBe('儿童房（男孩）');
  });

  it('keeps top-level positions fixed and new groups last', async () => {
    const moved = await manage('POST', `/category/${classifyGroupId('window-view')}`, { sort: 2 });
    expectError(moved, 'VALIDATION_FAILED');
    const hidden = await manage('POST', `/category/${classifyGroupId('interior-style')}`, {
      enabled: false,
    });
    expectError(hidden, 'VALIDATION_FAILED');
    const group = await manage('POST', '/category', { name: '软装品牌', sort: 0 });
    expect(group.statusCode, group.body).toBe(200);
    const { tree } = await getTree();
    expect(tree.at(-1)!.id).toBe(group.json().data.id);
    expect(tree[6]!.id).toBe(classifyGroupId('window-view'));
    expectError(
      await manage('POST', '/category', { parentId: 'nope', name: 'x' }),
      'RESOURCE_NOT_FOUND',
    );
    expectError(
      await manage('POST', '/category', {
        id: 'style-cream',
        parentId: 'family-modern',
        name: 'x',
      }),
      'CONFLICT',
    );
    expectError(await manage('POST', '/material/nope', { name: 'x' }), 'RESOURCE_NOT_FOUND');
    expectError(
      await manage('POST', '/material', {
        name: 'x',
        category: 'wood',
        color: '#fff',
        pattern: 'plain',
      }),
      'VALIDATION_FAILED',
    );
  });

  it('refuses the admin routes to users (403) and to anonymous callers (401)', async () => {
    const user = await smsLogin(t);
    expectError(await manage('GET', '/categories', undefined, user.token), 'FORBIDDEN');
    expectError(await manage('POST', '/category', { name: '黑客' }, user.token), 'FORBIDDEN');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/user/manage/catalog/materials',
    });
    expectError(anonymous, 'UNAUTHORIZED');
    // The public reads need no login.
    expect((await getLibrary()).statusCode).toBe(200);
  });

  it('lets other nodes catch up: a snapshot older than a minute is reloaded', async () => {
    const before = (await getTree()).res.headers.etag;
    // Another API node's edit, straight to the shared database.
    await t.container.database.db
      .updateTable('categories')
      .set({ name: '现代简约（经典）' })
      .where('id', '=', 'style-modern-minimal')
      .execute();
    expect((await getTree()).res.headers.etag).toBe(before);
    clock.advance(2 * MINUTE);
    const after = await getTree();
    expect(after.res.headers.etag).not.toBe(before);
    expect(flattenClassify(after.tree[0]!)[0]!.name).toBe('现代简约（经典）');
  });
});
