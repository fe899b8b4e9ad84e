import fs from 'node:fs/promises';
import path from 'node:path';
import { AVAILABILITY_DATA_ID, TOOL_SHELL_PARTS_FILE } from '@huijing/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_SERVICE_KEY } from '../src/engines/service-switches';
import { toolsWithWork } from '../src/http/tool-shell';
import { buildTestApp, makeWebDist } from './helper';
import type { TestApp } from './helper';

// A tool page's shell carries which tools run now, and its tool's notice when that tool cannot
// (src/http/tool-shell.ts; the parts come from apps/web/build/prerender.ts).

const desktopUA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0';
const phoneUA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

const STAGE = '<div class="hj-stage"></div>';
const BODY = `<div class="hj-tool__body"><aside>上传图片</aside>${STAGE}</div>`;
const STEPS = '<ol class="hj-stage__steps"><li>上传原图</li></ol>';
const template = (count: number) =>
  `<div class="hj-notice">待开通${Array.from(
    { length: count },
    (_, i) => `<a data-tool="__hj_id_${i}__" href="/__hj_href_${i}__">__hj_name_${i}__</a>`,
  ).join('、')}</div>`;

/** The build's tool-page parts, for a handful of real tools (real availability decides). */
const makeToolDist = async () => {
  const dir = await makeWebDist();
  await fs.mkdir(path.join(dir, 'pages'));
  const shell = `<!doctype html><html><head></head><body><div id="root" data-first-screen><div class="hj-tool hj-tool-frame"><h1>室内渲染</h1>${BODY}</div></div></body></html>`;
  await fs.writeFile(path.join(dir, 'pages', 'tool-indoor.html'), shell);
  await fs.writeFile(
    path.join(dir, 'pages', 'tool-matting.html'),
    shell.replace('室内渲染', '抠图'),
  );
  await fs.writeFile(
    path.join(dir, 'pages', 'routes.json'),
    JSON.stringify({
      '/indoorRender': { file: 'pages/tool-indoor.html', device: 'desktop', tool: 'indoor' },
      '/matting': { file: 'pages/tool-matting.html', device: 'desktop', tool: 'matting' },
    }),
  );
  await fs.writeFile(
    path.join(dir, 'pages', TOOL_SHELL_PARTS_FILE),
    JSON.stringify({
      templates: [0, 1, 2].map(template),
      before: '<div class="hj-tool__body">',
      stage: STAGE,
      steps: { indoor: STEPS },
      tools: [
        { id: 'indoor', family: 'render', name: '室内渲染', href: '/indoorRender' },
        // Runs on the local engine, another family: suggested after the render family's own.
        { id: 'matting', family: 'edit', name: '智能抠图', href: '/matting' },
        // Needs an AI engine (none in tests): never suggested.
        { id: 'home-decoration', family: 'render', name: '家装渲染', href: '/indoorRenderNew' },
        // Runs locally, same family as indoor (as the list says; the family is the list's).
        { id: 'to-line', family: 'render', name: '线稿 & <提取>', href: '/toLine?a=1&b=2' },
        { id: 'style-transfer', family: 'edit', name: '风格迁移', href: '/styleTransfer' },
      ],
    }),
  );
  return { dir, shell };
};

const dataOf = (html: string) => {
  const match = new RegExp(
    `<script type="application/json" id="${AVAILABILITY_DATA_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as { id: string; available: boolean }[]) : undefined;
};

describe("a tool page's shell", () => {
  let t: TestApp;
  let dist: Awaited<ReturnType<typeof makeToolDist>>;

  beforeAll(async () => {
    dist = await makeToolDist();
    t = await buildTestApp({ env: { WEB_DIST: dist.dir } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist.dir, { recursive: true, force: true });
  });

  const page = (url: string, ua = desktopUA, cookie?: string) =>
    t.app.inject({ url, headers: { 'user-agent': ua, ...(cookie ? { cookie } : {}) } });

  it('carries the notice of a tool that cannot run, with runnable tools of its family first', async () => {
    const res = await page('/indoorRender');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toMatch(/User-Agent/);
    const html = res.body;
    // Just before the page's body, the alternatives filled in and escaped.
    const notice =
      '<div class="hj-notice">待开通' +
      '<a data-tool="to-line" href="/toLine?a=1&amp;b=2">线稿 &amp; &lt;提取&gt;</a>、' +
      '<a data-tool="matting" href="/matting">智能抠图</a></div>';
    expect(html).toContain(`<h1>室内渲染</h1>${notice}<div class="hj-tool__body">`);
    expect(html).not.toContain('__hj_');
    // The availability the page's first render uses is the API's answer.
    const api = (await t.app.inject({ url: '/api/ai/tools' })).json().data;
    expect(dataOf(html)).toEqual(api);
    expect(dataOf(html)?.find((a) => a.id === 'indoor')?.available).toBe(false);
  });

  it('has no notice when the tool runs, but still the answer', async () => {
    const html = (await page('/matting')).body;
    expect(html).not.toContain('hj-notice');
    expect(html).toContain(`<h1>抠图</h1>${BODY}`);
    expect(dataOf(html)?.find((a) => a.id === 'matting')?.available).toBe(true);
  });

  it("keeps an admin's words inside the data (no markup can escape the script)", async () => {
    const message = '维护中</script><script>alert(1)</script> & ‘稍后’\u2028再试';
    await t.container.database.db
      .insertInto('app_settings')
      .values({
        key: OUT_OF_SERVICE_KEY,
        value: JSON.stringify({ engines: {}, tools: { matting: message } }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    t.container.router.invalidate();
    try {
      const html = (await page('/matting')).body;
      expect(html.match(/<script/g)?.length).toBe(1);
      expect(html).not.toContain('</script><script>');
      const matting = dataOf(html)?.find((a) => a.id === 'matting') as { reason?: string };
      expect(matting.reason).toBe(message);
      // Out of service: now it says so, and no longer suggests itself elsewhere.
      expect(html).toContain('<div class="hj-notice">待开通<a data-tool="style-transfer"');
      const indoor = (await page('/indoorRender')).body;
      expect(indoor).toContain('<a data-tool="to-line" href="/toLine?a=1&amp;b=2">');
      expect(indoor).toContain('<a data-tool="style-transfer" href="/styleTransfer">');
      expect(indoor).not.toContain('data-tool="matting"');
    } finally {
      await t.container.database.db
        .deleteFrom('app_settings')
        .where('key', '=', OUT_OF_SERVICE_KEY)
        .execute();
      t.container.router.invalidate();
    }
  });

  it("carries the empty stage's steps unless the browser keeps work of the tool", async () => {
    const withSteps = `<div class="hj-stage">${STEPS}</div>`;
    expect((await page('/indoorRender')).body).toContain(withSteps);
    // Work of other tools only: still the steps.
    expect((await page('/indoorRender', desktopUA, 'hj_work=matting.to-line')).body).toContain(
      withSteps,
    );
    const returning = (await page('/indoorRender', desktopUA, 'theme=x; hj_work=matting.indoor'))
      .body;
    expect(returning).toContain(`${STAGE}</div>`);
    expect(returning).not.toContain('hj-stage__steps');
    // A tool without steps in the parts keeps its stage as built.
    expect((await page('/matting')).body).toContain(STAGE);
  });

  it('answers a visit that has the same page with 304, and a changed page in full', async () => {
    const first = await page('/indoorRender');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.vary).toMatch(/Cookie/);
    const again = await t.app.inject({
      url: '/indoorRender',
      headers: { 'user-agent': desktopUA, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Work kept in this browser changes the page: its validator no longer matches.
    const returning = await t.app.inject({
      url: '/indoorRender',
      headers: { 'user-agent': desktopUA, 'if-none-match': etag, cookie: 'hj_work=indoor' },
    });
    expect(returning.statusCode).toBe(200);
    expect(returning.body).not.toContain('hj-stage__steps');
    expect(returning.headers.etag).not.toBe(etag);
    // Another tool's page is another page.
    expect((await page('/matting')).headers.etag).not.toBe(etag);
  });

  it('reads the hj_work cookie strictly', () => {
    expect([...toolsWithWork('hj_work=indoor.matting; other=1')]).toEqual(['indoor', 'matting']);
    expect([...toolsWithWork('xhj_work=indoor; hj_work=')]).toEqual([]);
    expect([...toolsWithWork('hj_work=<b>.indoor')]).toEqual(['indoor']);
    expect([...toolsWithWork(undefined)]).toEqual([]);
  });

  it('goes to a phone as the plain shell (the app sends it to the phone page)', async () => {
    const res = await page('/indoorRender', phoneUA);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('hj-tool-frame');
    expect(res.body).not.toContain(AVAILABILITY_DATA_ID);
  });

  it('is sent as built when the answer cannot be had', async () => {
    const original = t.container.tasks.toolsAvailability;
    t.container.tasks.toolsAvailability = async () => {
      throw new Error('database is gone');
    };
    try {
      const res = await page('/indoorRender');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(dist.shell);
    } finally {
      t.container.tasks.toolsAvailability = original;
    }
  });
});
