import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { toolForRoute } from '@huijing/tools';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { desktop, launch, mobile, newPage } from '../support/browser';
import { apiDesigner, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let imagePath: string;

before(async () => {
  server = await startServer();
  browser = await launch();
  imagePath = path.join(server.dataDir, 'room.png');
  await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <rect width="100%" height="100%" fill="#e9e4dc"/>
      <rect x="420" y="140" width="360" height="240" fill="#9cc3e6" stroke="#4b5563" stroke-width="12"/>
      <rect x="450" y="560" width="300" height="30" fill="#3f3f46"/>
    </svg>`),
  )
    .png()
    .toFile(imagePath);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every answer of a poll endpoint turned back to "running" without outputs. */
const freezePoll = (page: Page, pattern: string) =>
  page.route(pattern, async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { data: Record<string, unknown> | null };
    const task = (body.data?.task ?? body.data) as Record<string, unknown> | null;
    if (task)
      Object.assign(task, { status: 'running', progress: 10, outputs: [], finishedAt: null });
    await route.fulfill({ response: real, json: body });
  });

/** A run started through the API (as another tab would), for the waiting pages to watch. */
const startRun = async (token: string) => {
  const img = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#a0b0c0' },
  })
    .png()
    .toBuffer();
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { satoken: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ data: Record<string, string> }>);
  const up = await post('/api/upload', {
    image: `data:image/png;base64,${img.toString('base64')}`,
  });
  return (await post('/api/ai/startTask', { toolId: 'to-line', upload_img: up.data.fileId! })).data
    .taskId!;
};

describe('task events in the browser', () => {
  test('a run completes on the tool page when only the event stream can say so (every poll answers "running")', async () => {
    const tool = toolForRoute('/toline')!;
    const token = await apiDesigner(server, '13812349901');
    const { page, errors } = await newPage(browser, desktop);

    // The spec's poll is made useless: every answer is the real one turned back to "running",
    // without outputs. Only the stream can bring the result.
    let polls = 0;
    await page.route('**/api/ai/getTaskByTaskId?**', async (route) => {
      polls += 1;
      const real = await route.fetch();
      const body = (await real.json()) as { data: Record<string, unknown> | null };
      if (body.data) {
        Object.assign(body.data, {
          status: 'running',
          progress: 10,
          outputs: [],
          finishedAt: null,
        });
      }
      await route.fulfill({ response: real, json: body });
    });
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/ai/taskEvents')) streams.push(r.headers()['satoken'] ?? '');
    });

    await page.goto(`${server.url}/toline?satoken=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { level: 1, name: tool.name['zh-CN'] }).waitFor();
    await page
      .getByTestId('price-line')
      .filter({ hasText: /剩余 \d+ 次/ })
      .waitFor();
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(imagePath);
    await page.locator('.hj-upload__preview img').waitFor();
    await page.getByRole('button', { name: /开始转线稿/ }).click();

    await page.locator('.hj-result').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.hj-compare__img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    assert.ok(await page.getByRole('img', { name: '生成结果' }).isVisible());
    // The stream was opened with the session header (no token in its URL), and the poll did run
    // (it answered "running" every time, so the result cannot have come from it).
    assert.ok(streams.length >= 1, 'the page opened the task event stream');
    assert.equal(streams[0], token);
    assert.ok(polls >= 1, 'the page polled too');
    assert.deepEqual(errors, []);
  });

  test('the phone waiting page and /done show the finished run while their polls answer "running"', async () => {
    const token = await apiDesigner(server, '13812349902');

    const phone = await newPage(browser, mobile);
    await freezePoll(phone.page, '**/api/ai/getTaskByTaskId?**');
    const first = await startRun(token);
    await phone.page.goto(
      `${server.url}/mobileDone?tool=to-line&task=${first}&satoken=${encodeURIComponent(token)}`,
    );
    await phone.page.getByText(/生成完成/).waitFor({ timeout: 60_000 });
    assert.deepEqual(phone.errors, []);

    const laptop = await newPage(browser, desktop);
    await freezePoll(laptop.page, '**/api/ai/taskDetail?**');
    const second = await startRun(token);
    await laptop.page.goto(
      `${server.url}/done?taskId=${second}&satoken=${encodeURIComponent(token)}`,
    );
    await laptop.page.getByText(/完成于/).waitFor({ timeout: 60_000 });
    await laptop.page.getByRole('link', { name: /下载 PNG/ }).waitFor();
    assert.deepEqual(laptop.errors, []);
  });
});
