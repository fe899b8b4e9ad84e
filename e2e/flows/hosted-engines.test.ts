import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { toolForRoute, toolVerb } from '@huijing/tools';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { desktop, launch, mobile, newPage, screenshotPath } from '../support/browser';
import { startDashScopeDouble, type DashScopeDouble } from '../support/doubles';
import { apiDesigner, startServer, userApi, type RunningServer } from '../support/server';

/**
 * The hosted engines in the browser: /indoorRender and /img2Video run on the built app against
 * the DashScope (Alibaba Model Studio) protocol double, a real HTTP server. The result is
 * downloaded into our storage at once — the double's signed link serves once and then answers
 * 403, as an expired OSS link does — and keeps loading after the provider is gone.
 */

const SIGNUP = { images: 40, videos: 8 };
type ToolRow = { id: string; price: number; available: boolean; engine?: string };
type Output = { url: string; kind: 'image' | 'video'; width: number; height: number };
type TaskInfo = { taskId: string; status: string; outputs: Output[] };

let dashscope: DashScopeDouble;
let server: RunningServer;
let browser: Browser;
let token: string;
let room: string;
/** Every result URL the flows got, checked again once the provider is gone. */
const results: Output[] = [];

/** A room with a window and a floor, 1600×1000: over DashScope's 512 px editing minimum. */
const makeRoom = async (file: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <rect width="100%" height="100%" fill="#e9e4dc"/>
    <polygon points="0,1000 400,650 1200,650 1600,1000" fill="#b08d68"/>
    <rect x="560" y="180" width="480" height="320" fill="#9cc3e6" stroke="#4b5563" stroke-width="14"/>
    <rect x="600" y="700" width="400" height="40" fill="#3f3f46"/>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
};

/**
 * An admin's routing setting (engine.routing in app_settings, docs/tasks.md): camera-move videos
 * are local by default, this sends them to DashScope's image-to-video model.
 */
const routeCameraMoveToDashScope = (srv: RunningServer) => {
  const db = new Database(path.join(srv.dataDir, 'huijing.sqlite'));
  try {
    db.prepare(
      `insert into app_settings (key, value, updated_at) values (?, ?, ?)
       on conflict(key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    ).run(
      'engine.routing',
      JSON.stringify({ 'video-camera-move': ['dashscope'] }),
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
};

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const api = <T>(url: string) => userApi(server, token)<T>(url);
const balance = (type: number) => api<number>(`/api/ai/totalTicket?type=${type}`);
const toolRow = async (id: string) =>
  (await api<ToolRow[]>('/api/ai/tools')).find((t) => t.id === id)!;

/** The designer's newest task of a tool, once it has ended. */
const finishedTask = async (toolId: string) => {
  const list = await api<{ list: { taskId: string }[] }>(`/api/ai/getTaskList?toolId=${toolId}`);
  const info = await api<TaskInfo>(`/api/ai/getTaskByTaskId?taskId=${list.list[0]!.taskId}`);
  assert.equal(info.status, 'succeeded');
  return info;
};

/** Every progress value the task panel shows (a string: the page has no test-runner helpers). */
const watchProgress = (page: Page) =>
  page.evaluate(`(() => {
    window.seen = [];
    new MutationObserver(() => {
      const bar = document.querySelector('.hj-task [aria-valuenow]');
      const v = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN;
      if (!Number.isNaN(v) && window.seen.at(-1) !== v) window.seen.push(v);
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  })()`);
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: number[] }).seen);

/**
 * The output is ours (/api/files/…), and the provider's link for it was fetched once, at once,
 * and is dead now: a second fetch gets the expired-link 403.
 */
const storedOnce = async (output: Output, taskCount: number) => {
  assert.match(output.url, /^\/api\/files\//, 'served from our storage');
  assert.equal(dashscope.tasks.size, taskCount);
  const task = [...dashscope.tasks.values()].at(-1)!;
  const out = task.output as { results?: { url: string }[]; video_url?: string };
  const link = out.video_url ?? out.results![0]!.url;
  assert.ok(!output.url.includes(new URL(link).host), 'not the provider link');
  const id = /\/oss\/([^?]+)/.exec(link)![1]!;
  assert.deepEqual(
    dashscope.fetches.filter((f) => f.id === id).map((f) => f.status),
    [200],
  );
  assert.equal((await fetch(link)).status, 403, 'the provider link has expired');
  results.push(output);
};

/** Loads every result URL in the page: pictures decode, videos reach their first frame. */
const loadsInPage = (page: Page, urls: Output[]) =>
  page.evaluate(
    (outs) =>
      Promise.all(
        outs.map((o) =>
          o.kind === 'image'
            ? new Promise<number>((resolve, reject) => {
                const img = new Image();
                img.onload = () => resolve(img.naturalWidth);
                img.onerror = () => reject(new Error(`image ${o.url}`));
                img.src = o.url;
              })
            : new Promise<number>((resolve, reject) => {
                const v = document.createElement('video');
                v.muted = true;
                v.preload = 'auto';
                v.onloadeddata = () => resolve(v.videoWidth);
                v.onerror = () => reject(new Error(`video ${o.url}`));
                v.src = o.url;
              }),
        ),
      ),
    urls,
  );

before(async () => {
  // Tasks go RUNNING on the first poll and end on the second, so progress shows between.
  dashscope = await startDashScopeDouble({ pendingPolls: 0, runningPolls: 1 });
  server = await startServer({
    DASHSCOPE_API_KEY: dashscope.apiKey,
    DASHSCOPE_BASE_URL: dashscope.url,
    SIGNUP_TICKETS: `1:${SIGNUP.images},4:${SIGNUP.videos}`,
  });
  routeCameraMoveToDashScope(server);
  browser = await launch();
  room = path.join(server.dataDir, 'room.png');
  await makeRoom(room);
  token = await apiDesigner(server, '13900000071');
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await dashscope?.close();
});

describe('hosted engines in the browser (DashScope protocol double)', () => {
  test('/indoorRender at 1440×900: upload, start, progress, a stored result, the price', async () => {
    const tool = toolForRoute('/indoorRender')!;
    const row = await toolRow(tool.id);
    assert.equal(row.engine, 'dashscope');
    const before = await balance(tool.ticketType);
    const { context, page, errors } = await newPage(browser, desktop);
    try {
      await page.goto(`${server.url}/indoorRender?satoken=${encodeURIComponent(token)}`);
      await page.locator('.hj-tool:not(.hj-tool-frame)').waitFor();
      await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(room);
      await page.locator('.hj-upload__preview img').first().waitFor();
      await watchProgress(page);
      await page.getByRole('button', { name: new RegExp(toolVerb(tool)['zh-CN']) }).click();

      await page.locator('.hj-result').waitFor({ timeout: 60_000 });
      const seen = await progressSeen(page);
      assert.ok(
        seen.some((p) => p > 5 && p < 100),
        `progress between 5 and 100: ${seen.join(',')}`,
      );
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.hj-compare__img')).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      const task = await finishedTask(tool.id);
      const [output] = task.outputs;
      assert.ok(output);
      assert.deepEqual([output.kind, output.width, output.height], ['image', 1600, 1000]);
      const shown = await page
        .locator('.hj-result img')
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
      const fileId = /\/api\/files\/([^/?]+)/.exec(output.url)![1]!;
      assert.ok(
        shown.some((src) => src?.includes(fileId)),
        `the page shows our file: ${shown.join(' ')}`,
      );
      await storedOnce(output, 1);
      // The request the model got was the room itself, as a data URI (no public link needed).
      const sent = dashscope.received.at(-1)!.body as { input: Record<string, string> };
      assert.match(sent.input.base_image_url!, /^data:image\/(png|jpeg);base64,/);

      assert.equal(await balance(tool.ticketType), before - row.price);
      await page
        .getByTestId('price-line')
        .filter({ hasText: `剩余 ${before - row.price} 次` })
        .waitFor();
      await page.screenshot({ path: screenshotPath('hosted-indoor-render-1440.png') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('/img2Video at 1440×900: the room becomes a video that plays from our storage', async () => {
    const tool = toolForRoute('/img2Video')!;
    // The routing setting is cached for up to 5 s.
    const row = await waitFor('image-to-video on DashScope', async () => {
      const r = await toolRow(tool.id);
      return r.engine === 'dashscope' ? r : undefined;
    });
    const before = await balance(tool.ticketType);
    const { context, page, errors } = await newPage(browser, desktop);
    try {
      await page.goto(`${server.url}/img2Video?satoken=${encodeURIComponent(token)}`);
      await page.locator('.hj-tool:not(.hj-tool-frame)').waitFor();
      await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(room);
      await page.locator('.hj-upload__preview img').first().waitFor();
      await watchProgress(page);
      await page.getByRole('button', { name: new RegExp(toolVerb(tool)['zh-CN']) }).click();

      const video = page.locator('.hj-result video.hj-result__video');
      await video.waitFor({ timeout: 60_000 });
      const seen = await progressSeen(page);
      assert.ok(
        seen.some((p) => p > 5 && p < 100),
        `progress shown: ${seen.join(',')}`,
      );
      await page.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>('.hj-result video.hj-result__video');
        return !!v && v.readyState >= 2 && v.duration > 0;
      });
      await video.evaluate((v) => {
        const el = v as HTMLVideoElement;
        el.muted = true;
        return el.play();
      });
      await page.waitForFunction(
        () => (document.querySelector<HTMLVideoElement>('.hj-result video')?.currentTime ?? 0) > 0,
      );
      const task = await finishedTask(tool.id);
      const [output] = task.outputs;
      assert.ok(output);
      assert.equal(output.kind, 'video');
      // 720p asked of wan2.2-i2v-plus, which makes 480P and 1080P: the short side at 1080.
      assert.deepEqual([output.width, output.height], [1728, 1080]);
      const src = await video.evaluate((v) => (v as HTMLVideoElement).currentSrc);
      assert.equal(new URL(src).origin, server.url, `played from our server: ${src}`);
      assert.match(new URL(src).pathname, /^\/api\/files\//);
      await storedOnce(output, 2);

      assert.equal(await balance(tool.ticketType), before - row.price);
      await page.screenshot({ path: screenshotPath('hosted-img2video-1440.png') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a phone (390×844) renders the room on DashScope through /mobilePrepare', async () => {
    const tool = toolForRoute('/indoorRender')!;
    const before = await balance(tool.ticketType);
    const { context, page, errors } = await newPage(browser, mobile);
    try {
      await page.goto(
        `${server.url}/mobilePrepare?tool=${tool.id}&satoken=${encodeURIComponent(token)}`,
      );
      await page
        .locator('input[type=file][data-input="upload_img"][data-source="album"]')
        .setInputFiles(room);
      await page.locator('.hj-mf-up__preview img').waitFor();
      await page.getByRole('button', { name: /开始渲染/ }).click();
      await page.waitForURL(/\/mobileDone\?tool=.+&task=/);
      await page.locator('.hj-mf-result').waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => {
        const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('.hj-mf-result img'));
        return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
      });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page is ${width}px wide`);
      const [output] = (await finishedTask(tool.id)).outputs;
      assert.ok(output);
      await storedOnce(output, 3);
      assert.equal(await balance(tool.ticketType), before - (await toolRow(tool.id)).price);
      await page.screenshot({ path: screenshotPath('hosted-indoor-render-phone.png') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('with the provider gone, every result still loads from our storage', async () => {
    assert.equal(results.length, 3);
    await dashscope.close();
    const { context, page, errors } = await newPage(browser, desktop);
    try {
      await page.goto(`${server.url}/?satoken=${encodeURIComponent(token)}`);
      const widths = await loadsInPage(page, results);
      assert.deepEqual(widths, [1600, 1728, results[2]!.width]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
