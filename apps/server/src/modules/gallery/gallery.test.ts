import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import { buildTaskApp, fakeEngine, upload, waitUntil } from '../../../test/task-fixtures';
import { createGalleryPageRepository, type PageFilter } from './gallery-page.repository';
import { planKeyword, searchTextOf, termsOf } from './gallery-search';
import { maskPhones, shareableSettings } from './gallery.service';

type Item = {
  id: string;
  title: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  placeholder: string;
  tool: string;
  tags: string[];
  author: { id: string; nickname: string; avatar: string | null };
  collected: boolean;
  collectCount: number;
  before: { url: string } | null;
  status?: string;
  statusMessage?: string;
};
type Page = { list: Item[]; total: number; nextCursor: string | null; pageSize: number };

describe('gallery keyword terms', () => {
  it('indexes characters and bigrams of normalised text and plans lookups by one term', () => {
    const text = searchTextOf({ title: '北欧 客厅', tags: ['ＡＢ'], prompt: 'Warm light' });
    expect(text).toBe('北欧 客厅 ab warm light');
    expect(termsOf('客厅')).toEqual(['客', '客厅', '厅']);
    expect(planKeyword('客厅')).toEqual({
      kind: 'term',
      term: '客厅',
      like: '%客厅%',
      exact: true,
    });
    expect(planKeyword('厅')).toEqual({ kind: 'term', term: '厅', like: '%厅%', exact: true });
    expect(planKeyword('北欧风格客厅')).toMatchObject({
      term: '风格',
      like: '%北欧风格客厅%',
      exact: false,
    });
    expect(planKeyword('北欧 客厅')).toMatchObject({ exact: false });
    expect(planKeyword('50%_off')).toMatchObject({ like: '%50%off%' });
    expect(planKeyword('  ')).toEqual({ kind: 'none' });
  });

  it('masks phone numbers and keeps only plain settings', () => {
    expect(maskPhones('call 13912345678 now')).toBe('call 139****5678 now');
    expect(
      shareableSettings({
        style: 'nordic',
        promptTxt: '暖光',
        cnStrength: 0.7,
        loraId: 'private',
        upload_img: 'file-1',
        colors: ['#fff'],
        nested: { a: 1 },
      }),
    ).toEqual({ style: 'nordic', promptTxt: '暖光', cnStrength: 0.7, colors: ['#fff'] });
  });
});

describeEachDatabase('gallery: publish, waterfall, collects, collections, reports', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // The automatic check has its own suite below (its model takes seconds to load).
    t = await buildTaskApp({
      target,
      startWorker: true,
      engines: [fakeEngine()],
      env: { GALLERY_NSFW_CHECK: 'off' },
    });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
      headers: token ? { satoken: token } : {},
    });

  const finishedTask = async (token: string, params?: Record<string, unknown>) => {
    const img = (await upload(t, token)).fileId;
    const started = await call('POST', '/api/ai/startTask', token, {
      toolId: 'to-line',
      inputs: { upload_img: img },
      ...(params && { params }),
    });
    expect(started.statusCode, started.body).toBe(200);
    const taskId = (started.json().data as { taskId: string }).taskId;
    await waitUntil(async () => {
      const r = await call('GET', `/api/ai/getTaskByTaskId?taskId=${taskId}`, token);
      return (r.json().data as { status: string }).status === 'succeeded';
    });
    return { taskId, inputFileId: img };
  };

  const publish = async (token: string, title: string, extra: Record<string, unknown> = {}) => {
    const { taskId } = await finishedTask(token);
    const res = await call('POST', '/api/image/publish', token, { taskId, title, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: string }).id;
  };

  const page = async (query: string, token?: string): Promise<Page> => {
    const res = await call('GET', `/api/image/waterfall/page?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page;
  };

  it('publishing is owner-only, from a succeeded task, and guests browse what was published', async () => {
    const owner = await smsLogin(t);
    const other = await smsLogin(t);
    const { taskId, inputFileId } = await finishedTask(owner.token, { style: 'canny' });

    const body = { taskId, title: '北欧客厅 线稿', tags: ['线稿', '客厅'] };
    expectError(await call('POST', '/api/image/publish', other.token, body), 'TASK_NOT_FOUND');
    expectError(await call('POST', '/api/image/publish', undefined, body), 'UNAUTHORIZED');
    expectError(
      await call('POST', '/api/image/publish', owner.token, { ...body, index: 5 }),
      'GALLERY_OUTPUT_INVALID',
    );
    expectError(
      await call('POST', '/api/image/publish', owner.token, { ...body, title: '' }),
      'VALIDATION_FAILED',
    );

    const res = await call('POST', '/api/image/publish', owner.token, body);
    expect(res.statusCode, res.body).toBe(200);
    const { id, status } = res.json().data as { id: string; status: string };
    expect(status).toBe('published');
    // The publication time the admin summary counts "picture published" by.
    const row = await t.container.database.db
      .selectFrom('gallery_images')
      .select(['published_at', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.published_at).toBe(row.created_at);
    // Publishing the same picture again answers the same id.
    const again = await call('POST', '/api/image/publish', owner.token, body);
    expect((again.json().data as { id: string }).id).toBe(id);

    const guest = await page('pageSize=50');
    const item = guest.list.find((i) => i.id === id)!;
    expect(item).toMatchObject({
      title: '北欧客厅 线稿',
      tags: ['线稿', '客厅'],
      tool: 'to-line',
      width: 8,
      height: 6,
      collected: false,
      collectCount: 0,
      before: null,
      author: { id: owner.user.id },
    });
    expect(item.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(item.placeholder.length).toBeLessThan(1000);
    // The picture is public now; the original upload is not (includeBefore was not ticked).
    expect((await call('GET', item.url)).statusCode).toBe(200);
    const thumb = await t.app.inject({
      method: 'GET',
      url: item.thumbUrl,
      headers: { accept: 'image/webp' },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expectError(await call('GET', `/api/files/${inputFileId}`), 'FILE_NOT_FOUND');

    // 做同款: the detail carries the tool's settings, never its input images.
    const detail = (await call('GET', `/api/image/${id}`)).json().data as {
      settings: Record<string, unknown>;
    };
    expect(detail.settings).toMatchObject({ style: 'canny' });
    expect(JSON.stringify(detail)).not.toContain(inputFileId);
  });

  it('includeBefore shows the original upload; no phone number in any gallery payload', async () => {
    const owner = await smsLogin(t);
    const { taskId, inputFileId } = await finishedTask(owner.token);
    const res = await call('POST', '/api/image/publish', owner.token, {
      taskId,
      title: `前后对比 ${owner.phone}`,
      tags: ['对比'],
      includeBefore: true,
    });
    const { id } = res.json().data as { id: string };
    const p = await page('keyword=前后对比');
    const item = p.list.find((i) => i.id === id)!;
    expect(item.before?.url).toBe(`/api/files/${inputFileId}`);
    expect((await call('GET', item.before!.url)).statusCode).toBe(200);

    const me = await page('scope=mine', owner.token);
    const payloads = [
      JSON.stringify(p),
      JSON.stringify(me),
      (await call('GET', `/api/image/${id}`)).body,
      (await call('GET', `/api/image/${id}/similar`)).body,
      (await call('GET', '/api/image/collections', owner.token)).body,
    ];
    for (const body of payloads) {
      expect(body).not.toContain(owner.phone);
      expect(body).not.toMatch(/phone/i);
    }
    expect(item.title).toContain('****');
  });

  it('five concurrent collects count once; two unCollects leave 0; guests get 401', async () => {
    const author = await smsLogin(t);
    const fan = await smsLogin(t);
    const id = await publish(author.token, '并发收藏');
    expectError(await call('POST', `/api/image/waterfall/collect?id=${id}`), 'UNAUTHORIZED');

    const collects = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `/api/image/waterfall/collect?id=${id}`, fan.token),
      ),
    );
    for (const r of collects) expect(r.statusCode, r.body).toBe(200);
    const shown = (await page('pageSize=50', fan.token)).list.find((i) => i.id === id)!;
    expect(shown).toMatchObject({ collected: true, collectCount: 1 });
    // The guest sees the count but not "collected".
    expect((await page('pageSize=50')).list.find((i) => i.id === id)).toMatchObject({
      collected: false,
      collectCount: 1,
    });

    const un = await Promise.all([
      call('POST', `/api/image/waterfall/unCollect?id=${id}`, fan.token),
      call('POST', `/api/image/waterfall/unCollect?id=${id}`, fan.token),
    ]);
    for (const r of un) expect(r.statusCode, r.body).toBe(200);
    expect((await page('pageSize=50', fan.token)).list.find((i) => i.id === id)).toMatchObject({
      collected: false,
      collectCount: 0,
    });
    expectError(
      await call('POST', '/api/image/waterfall/collect?id=nope', fan.token),
      'GALLERY_NOT_FOUND',
    );
  });

  it('collects file into the default collection; collections are created, moved, renamed, deleted', async () => {
    const author = await smsLogin(t);
    const fan = await smsLogin(t);
    const a = await publish(author.token, '合集一');
    const b = await publish(author.token, '合集二');
    const first = await call('POST', `/api/image/waterfall/collect?id=${a}`, fan.token);
    const defaultId = (first.json().data as { collectionId: string }).collectionId;
    await call('POST', `/api/image/waterfall/collect?id=${b}`, fan.token);

    const created = await call('POST', '/api/image/collections', fan.token, { name: '客厅灵感' });
    expect(created.statusCode, created.body).toBe(200);
    const box = created.json().data as { id: string; isPublic: boolean };
    expect(box.isPublic).toBe(true);
    const moved = await call('POST', '/api/image/collections/move', fan.token, {
      imageIds: [b],
      toCollectionId: box.id,
    });
    expect(moved.json().data).toEqual({ moved: 1 });
    expect((await page(`collectionId=${box.id}`)).list.map((i) => i.id)).toEqual([b]);
    expect((await page(`collectionId=${defaultId}`, fan.token)).list.map((i) => i.id)).toEqual([a]);
    // The default collection is private: others see "not found".
    expectError(
      await call('GET', `/api/image/waterfall/page?collectionId=${defaultId}`, author.token),
      'GALLERY_COLLECTION_NOT_FOUND',
    );
    const mine = (await call('GET', '/api/image/collections', fan.token)).json().data as {
      id: string;
      count: number;
      isDefault: boolean;
      cover: string | null;
    }[];
    expect(mine.map((c) => [c.isDefault, c.count])).toEqual([
      [true, 1],
      [false, 1],
    ]);
    expect(mine[1]!.cover).toContain('/thumb');
    const theirs = (
      await call('GET', `/api/image/collections?userId=${fan.user.id}`, author.token)
    ).json().data as { id: string }[];
    expect(theirs.map((c) => c.id)).toEqual([box.id]);

    const renamed = await call('POST', `/api/image/collections/${box.id}`, fan.token, {
      name: '改名了',
      description: '  北欧与侘寂的客厅  ',
      isPublic: false,
      coverImageId: b,
    });
    expect(renamed.json().data).toMatchObject({
      name: '改名了',
      description: '北欧与侘寂的客厅',
      isPublic: false,
    });
    expectError(
      await call('POST', `/api/image/collections/${box.id}`, fan.token, { coverImageId: a }),
      'GALLERY_NOT_FOUND',
    );
    expectError(
      await call('POST', `/api/image/collections/${box.id}`, fan.token, {
        description: '长'.repeat(201),
      }),
      'VALIDATION_FAILED',
    );
    expectError(
      await call('POST', `/api/image/collections/${box.id}`, author.token, { name: 'x' }),
      'GALLERY_COLLECTION_NOT_FOUND',
    );
    expectError(
      await call('DELETE', `/api/image/collections/${defaultId}`, fan.token),
      'GALLERY_DEFAULT_COLLECTION',
    );
    expect((await call('DELETE', `/api/image/collections/${box.id}`, fan.token)).statusCode).toBe(
      200,
    );
    // Its pictures went back to the default collection, still collected.
    const collected = await page('scope=collected', fan.token);
    expect(collected.list.map((i) => i.id).sort()).toEqual([a, b].sort());
    expect((await page(`collectionId=${defaultId}`, fan.token)).total).toBe(2);
  });

  it('the cursor continues strictly after the last item while pictures are published', async () => {
    const author = await smsLogin(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await publish(author.token, `游标${i}`));
    const q = `authorId=${author.user.id}&pageSize=2`;
    const p1 = await page(q);
    expect(p1.list.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    expect(p1.total).toBe(5);
    // New pictures arrive between pages: the next pages neither repeat nor skip.
    await publish(author.token, '游标新');
    const p2 = await page(`${q}&cursor=${p1.nextCursor}`);
    expect(p2.list.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    // A cursor page answers the total its first page counted; a new first page counts again.
    expect(p2.total).toBe(5);
    expect((await page(q)).total).toBe(6);
    const p3 = await page(`${q}&cursor=${p2.nextCursor}`);
    expect(p3.list.map((i) => i.id)).toEqual([ids[0]]);
    expect(p3.nextCursor).toBeNull();
    // Numbered pages work too.
    expect((await page(`${q}&current=2`)).list.map((i) => i.id)).toEqual([ids[3], ids[2]]);

    // hot: collected pictures rise; its cursor pages on without repeats.
    const fan = await smsLogin(t);
    await call('POST', `/api/image/waterfall/collect?id=${ids[0]}`, fan.token);
    const h1 = await page(`${q}&sort=hot`);
    expect(h1.list[0]!.id).toBe(ids[0]);
    const seen = new Set(h1.list.map((i) => i.id));
    let cursor = h1.nextCursor;
    while (cursor) {
      const next = await page(`${q}&sort=hot&cursor=${cursor}`);
      for (const i of next.list) {
        expect(seen.has(i.id)).toBe(false);
        seen.add(i.id);
      }
      cursor = next.nextCursor;
    }
    expect(seen.size).toBe(6);
  });

  it('finds pictures by Chinese keywords in title, tags and prompt', async () => {
    const author = await smsLogin(t);
    const a = await publish(author.token, '侘寂风卧室', { tags: ['日式'] });
    const b = await publish(author.token, '现代客厅', { tags: ['侘寂'] });
    await publish(author.token, '工业风餐厅');
    const ids = async (kw: string) =>
      (await page(`keyword=${encodeURIComponent(kw)}&authorId=${author.user.id}`)).list.map(
        (i) => i.id,
      );
    expect(await ids('侘寂')).toEqual([b, a]);
    expect(await ids('卧室')).toEqual([a]);
    expect(await ids('日式')).toEqual([a]);
    expect(await ids('寂')).toEqual([b, a]);
    expect(await ids('风卧')).toEqual([a]);
    expect(await ids('卧 室')).toEqual([a]);
    expect(await ids('室 卧')).toEqual([]);
    expect(await ids('不存在的词')).toEqual([]);
    expect(
      (await page(`keyword=${encodeURIComponent('侘寂')}&authorId=${author.user.id}`)).total,
    ).toBe(2);
  });

  it('hot pages under a keyword or category are the same walked along the hot index or sorted', async () => {
    const author = await smsLogin(t);
    const fan = await smsLogin(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await publish(author.token, `琥珀色书房${i}`, { classifyIds: ['walk-cls'] }));
    }
    await publish(author.token, '无关的图', { classifyIds: ['walk-other'] });
    for (const id of [ids[1]!, ids[3]!]) {
      await call('POST', `/api/image/waterfall/collect?id=${id}`, fan.token);
    }
    const db = t.container.database.db;
    // Threshold 0: any match walks the hot index; a huge one: the matches are always sorted.
    const walk = createGalleryPageRepository(db, { hotWalkMatches: 0 });
    const sorted = createGalleryPageRepository(db, { hotWalkMatches: 1_000_000_000 });
    const pagesOf = async (repo: typeof walk, filter: PageFilter) => {
      const out: string[] = [];
      let cursor: { key: string | number; id: string } | undefined;
      for (;;) {
        const rows = await repo.page(filter, { cursor, offset: 0, limit: 2 });
        out.push(...rows.map((r) => r.id));
        if (rows.length < 2) return out;
        cursor = { key: rows[1]!.sortKey, id: rows[1]!.id };
      }
    };
    const none = { status: 'published', keyword: { kind: 'none' }, sort: 'hot' } as const;
    for (const filter of [
      { ...none, keyword: planKeyword('琥珀') },
      { ...none, keyword: planKeyword('琥珀色 书房') },
      { ...none, classifyId: 'walk-cls' },
    ]) {
      const walked = await pagesOf(walk, filter);
      expect(walked).toEqual(await pagesOf(sorted, filter));
      expect(walked).toHaveLength(5);
      expect(walked.slice(0, 2).sort()).toEqual([ids[1], ids[3]].sort());
      expect(new Set(walked)).toEqual(new Set(ids));
      expect(await walk.count(filter)).toBe(5);
    }
    // The HTTP page agrees (the square's threshold sorts these few matches).
    const viaHttp = await page(`keyword=${encodeURIComponent('琥珀')}&sort=hot&pageSize=50`);
    expect(viaHttp.list.map((i) => i.id)).toEqual(
      await pagesOf(walk, { ...none, keyword: planKeyword('琥珀') }),
    );
  });

  it('unpublish removes the picture everywhere; only the owner may', async () => {
    const author = await smsLogin(t);
    const fan = await smsLogin(t);
    const id = await publish(author.token, '即将撤下');
    await call('POST', `/api/image/waterfall/collect?id=${id}`, fan.token);
    const url = (await page(`authorId=${author.user.id}`)).list[0]!.url;
    expectError(await call('DELETE', `/api/image/${id}`, fan.token), 'GALLERY_NOT_FOUND');
    expect((await call('DELETE', `/api/image/${id}`, author.token)).statusCode).toBe(200);
    expect((await page(`authorId=${author.user.id}`)).total).toBe(0);
    expect((await page('keyword=即将撤下')).total).toBe(0);
    expect((await page('scope=collected', fan.token)).list.map((i) => i.id)).not.toContain(id);
    expectError(await call('GET', `/api/image/${id}`), 'GALLERY_NOT_FOUND');
    expectError(await call('GET', url), 'FILE_NOT_FOUND');
    // The author still has the work itself.
    expect((await call('GET', url, author.token)).statusCode).toBe(200);
  });

  it('several reports send a picture to review; the author sees why', async () => {
    const author = await smsLogin(t);
    const id = await publish(author.token, '被举报');
    for (let i = 0; i < 3; i++) {
      const reporter = await smsLogin(t);
      const r = await call('POST', `/api/image/report?id=${id}`, reporter.token, {
        reason: '低俗',
      });
      expect(r.statusCode, r.body).toBe(200);
      // Reporting twice counts once.
      if (i === 0)
        await call('POST', `/api/image/report?id=${id}`, reporter.token, { reason: 'x' });
      const listed = (await page(`authorId=${author.user.id}`)).total;
      expect(listed).toBe(i < 2 ? 1 : 0);
    }
    const mine = (await page('scope=mine', author.token)).list.find((i) => i.id === id)!;
    expect(mine.status).toBe('pending_review');
    expect(mine.statusMessage).toContain('审核');
    expectError(await call('GET', `/api/image/${id}`), 'GALLERY_NOT_FOUND');
    expect((await call('GET', `/api/image/${id}`, author.token)).statusCode).toBe(200);
  });

  it('bad paging input is a 4xx, pageSize is capped, mine and collected need sign-in', async () => {
    for (const q of [
      'current=0',
      'current=abc',
      'pageSize=-1',
      'pageSize=x',
      'sort=best',
      'scope=everyone',
      'cursor=%%%',
      'cursor=bm90LWpzb24',
      `cursor=${Buffer.from(JSON.stringify([1, 'a'])).toString('base64url')}`,
      `sort=hot&cursor=${Buffer.from(JSON.stringify(['2026', 'a'])).toString('base64url')}`,
    ]) {
      const res = await call('GET', `/api/image/waterfall/page?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    const capped = await page('pageSize=500');
    expect(capped.pageSize).toBe(50);
    expect((await page('')).pageSize).toBe(10);
    expectError(await call('GET', '/api/image/waterfall/page?scope=mine'), 'UNAUTHORIZED');
    expectError(await call('GET', '/api/image/waterfall/page?scope=collected'), 'UNAUTHORIZED');
  });

  it("cases group an author's pictures by project: counts, covers, categories, the case page", async () => {
    type Case = { id: string; name: string; count: number; author: { id: string } };
    type Cases = { list: Case[]; total: number };
    const cases = async (query: string, token?: string): Promise<Cases> => {
      const res = await call('GET', `/api/image/case/page?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Cases;
    };
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const project = '万科城 三室两厅';
    const first = await publish(a.token, '客厅', { project, classifyIds: ['case-cls-1'] });
    const second = await publish(a.token, '主卧', { project });
    await publish(a.token, '不属于案例');
    // The same name by another author is another case.
    await publish(b.token, '书房', { project });

    const mine = await cases('scope=mine', a.token);
    expect(mine.list.map((c) => [c.name, c.count])).toEqual([[project, 2]]);
    const caseId = mine.list[0]!.id;
    const all = await cases('pageSize=50');
    expect(all.list.filter((c) => c.name === project)).toHaveLength(2);
    expect((await cases('classifyId=case-cls-1')).list.map((c) => c.id)).toEqual([caseId]);
    expect((await cases(`authorId=${b.user.id}`)).list.map((c) => c.author.id)).toEqual([
      b.user.id,
    ]);

    // The case page: the case and exactly its pictures.
    const one = await call('GET', `/api/image/case/${caseId}`);
    expect(one.json().data).toMatchObject({ name: project, count: 2 });
    expect((one.json().data as { cover: { thumbUrl: string } }).cover.thumbUrl).toMatch(
      /^\/api\/files\/.+\/thumb/,
    );
    const pictures = await page(`caseId=${caseId}`);
    expect(pictures.list.map((i) => i.id)).toEqual([second, first]);

    // Unpublishing updates every list; a case with nothing left is gone for others.
    await call('DELETE', `/api/image/${second}`, a.token);
    expect((await cases('scope=mine', a.token)).list[0]!.count).toBe(1);
    await call('DELETE', `/api/image/${first}`, a.token);
    expect((await cases('pageSize=50')).list.map((c) => c.id)).not.toContain(caseId);
    expectError(await call('GET', `/api/image/case/${caseId}`), 'GALLERY_CASE_NOT_FOUND');
    expectError(await call('GET', '/api/image/case/nope'), 'GALLERY_CASE_NOT_FOUND');
    expectError(await call('GET', '/api/image/case/page?scope=mine'), 'UNAUTHORIZED');
    expectError(
      await call('POST', '/api/image/publish', a.token, { taskId: 'x', title: 't', project: '' }),
      'VALIDATION_FAILED',
    );
  });
});
