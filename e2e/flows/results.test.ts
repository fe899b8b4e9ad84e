import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { getTool, toolForRoute, toolVerb } from '@huijing/tools';
import { build } from 'esbuild';
import { unzipSync } from 'fflate';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { answerInterest, desktop, launch, newPage } from '../support/browser';
import { apiSignIn, repoRoot, startServer, type RunningServer } from '../support/server';

/**
 * Results and done pages in the browser: two to-line runs on the local engine, the zoom viewer,
 * a PNG and a photo.zip download, the owner's done page, a share link opened signed out, another
 * account refused, and an output sent on as the next tool's input.
 */
const OWNER = '13812347001';
const OTHER = '13812347002';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const shots = path.join(repoRoot, 'e2e', 'screenshots');
type Output = {
  url: string;
  thumbUrl: string | null;
  width: number;
  height: number;
  kind: 'image';
};
const NOT_FOUND_LOG =
  'console: Failed to load resource: the server responded with a status of 404 (Not Found)';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let imagePath: string;

const signedInPage = async (phone: string, route: string) => {
  const token = await apiSignIn(server, phone);
  const opened = await newPage(browser, { ...desktop, acceptDownloads: true });
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.url,
  });
  await opened.page.goto(`${server.url}${route}?satoken=${encodeURIComponent(token)}`);
  await answerInterest(opened.page);
  return opened;
};

before(async () => {
  server = await startServer({ SIGNUP_TICKETS: '1:20' });
  browser = await launch();
  fs.mkdirSync(shots, { recursive: true });
  imagePath = path.join(server.dataDir, 'room.png');
  await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <rect width="100%" height="100%" fill="#e9e4dc"/>
      <polygon points="0,800 300,520 900,520 1200,800" fill="#b08d68"/>
      <rect x="420" y="140" width="360" height="240" fill="#9cc3e6" stroke="#4b5563" stroke-width="12"/>
      <rect x="450" y="560" width="300" height="30" fill="#3f3f46"/>
    </svg>`),
  )
    .png()
    .toFile(imagePath);
  ({ context, page, errors } = await signedInPage(OWNER, '/toline'));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const bytesOf = async (download: Download) => fs.readFileSync((await download.path())!);

const saved = async (click: () => Promise<void>, on: Page = page) => {
  const [download] = await Promise.all([on.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await bytesOf(download) };
};

const waitForResult = async () => {
  await page.locator('.hj-result').waitFor({ timeout: 60_000 });
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('.hj-result__main img')).every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
};

const noOverflowAt390 = async (on: Page, name: string) => {
  await on.setViewportSize({ width: 390, height: 844 });
  await on.waitForTimeout(300);
  const width = await on.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${name}: page is ${width}px wide at 390`);
  await on.screenshot({ path: path.join(shots, `results-${name}-390.png`), fullPage: true });
  await on.setViewportSize(desktop.viewport);
};

let taskId = '';
let shareLink = '';

describe('results and done pages', () => {
  test('two runs, the viewer, one PNG and photo.zip from the tool page', async () => {
    const tool = toolForRoute('/toline')!;
    await page.getByRole('heading', { level: 1, name: tool.name['zh-CN'] }).waitFor();
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(imagePath);
    await page.locator('.hj-upload__preview img').waitFor();
    await page.getByRole('button', { name: /开始转线稿/ }).click();
    await waitForResult();
    // Second run with the same input and parameters ("再来一次").
    await page.getByRole('button', { name: /再来一次/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.hj-history__item').length >= 2, {
      timeout: 60_000,
    });
    await waitForResult();

    // The full-screen viewer: buttons, wheel, Esc.
    await page.getByRole('button', { name: '放大查看' }).first().click();
    const viewer = page.getByRole('dialog', { name: '查看大图' });
    await viewer.waitFor();
    // The label is the size the picture is drawn at: the fitted size first, then ×1.5, ×1.2.
    const label = viewer.locator('.hj-viewer__scale');
    await page.waitForFunction(() =>
      /^\d+%$/.test(document.querySelector('.hj-viewer__scale')?.textContent ?? ''),
    );
    const fitted = parseInt((await label.innerText()).trim(), 10);
    const shows = (percent: number) =>
      page.waitForFunction((want) => {
        const got = parseInt(document.querySelector('.hj-viewer__scale')?.textContent ?? '', 10);
        return Math.abs(got - want) <= 1;
      }, percent);
    await viewer.getByRole('button', { name: '放大' }).click();
    await shows(fitted * 1.5);
    await viewer.locator('.hj-viewer__stage').hover();
    await page.mouse.wheel(0, -100);
    await shows(fitted * 1.8);
    await viewer.getByRole('button', { name: /对比原图/ }).click();
    await viewer.getByRole('slider').waitFor();
    await page.screenshot({ path: path.join(shots, 'results-viewer-1440.png') });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    const size = /(\d+)\s*×\s*(\d+)/.exec(
      (await page.locator('.hj-result__info').textContent()) ?? '',
    )!;
    const one = await saved(() => page.getByRole('link', { name: /下载 PNG/ }).click());
    assert.match(one.name, /^huijing-to-line-[0-9a-f]{8}-1\.png$/);
    assert.deepEqual([...one.bytes.subarray(0, 8)], PNG_MAGIC);
    const meta = await sharp(one.bytes).metadata();
    assert.equal(`${meta.width}×${meta.height}`, `${size[1]}×${size[2]}`);
    await page.screenshot({ path: path.join(shots, 'results-result-1440.png') });
    await noOverflowAt390(page, 'result');
    // The viewer on a phone: toolbar fits, the image fills the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '放大查看' }).first().click();
    await viewer.waitFor();
    await page.screenshot({ path: path.join(shots, 'results-viewer-390.png') });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    await page.setViewportSize(desktop.viewport);
  });

  test('the done page: before/after, photo.zip, share link', async () => {
    await page
      .locator('.hj-result')
      .getByRole('link', { name: /详情 \/ 分享/ })
      .click();
    await page.waitForURL(/\/done2\?taskId=/);
    taskId = new URL(page.url()).searchParams.get('taskId')!;
    await page.getByRole('heading', { level: 1, name: '图片转线稿' }).waitFor();
    await page.getByRole('slider', { name: '拖动对比原图与效果图' }).waitFor();

    const zip = await saved(() => page.getByRole('button', { name: /打包下载/ }).click());
    assert.equal(zip.name, 'photo.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    const names = Object.keys(entries);
    assert.equal(names.length, 1);
    assert.match(names[0]!, /\.png$/);
    assert.deepEqual([...entries[names[0]!]!.subarray(0, 8)], PNG_MAGIC);

    await page.getByRole('button', { name: /复制分享链接/ }).click();
    const link = page.getByLabel('分享链接');
    await link.waitFor();
    shareLink = await link.inputValue();
    assert.match(shareLink, /\/done2\?share=[A-Za-z0-9_-]{32}$/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shareLink);
    await page.getByRole('heading', { level: 1 }).click();
    await link.waitFor({ state: 'hidden' });
    await page.screenshot({ path: path.join(shots, 'results-done-1440.png') });
    await noOverflowAt390(page, 'done');
    assert.deepEqual(errors, []);
  });

  test('the download saves what the server serves, byte for byte: the browser draws no watermark', async () => {
    // The real download code (render-download.ts), bundled for the page as it is for the app.
    const bundle = await build({
      entryPoints: [path.join(repoRoot, 'apps/web/src/features/tools/results/render-download.ts')],
      bundle: true,
      format: 'iife',
      globalName: 'hjDownload',
      write: false,
    });
    // The output as the owner's API reports it; its link is signed, so any page may fetch it.
    const output = (await page.evaluate(async (id) => {
      const raw = localStorage.getItem('satoken') ?? '';
      const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      const r = await fetch(`/api/ai/getTaskByTaskId?taskId=${id}`, {
        headers: { satoken: token },
      });
      return ((await r.json()) as { data: { outputs: unknown[] } }).data.outputs[0];
    }, taskId)) as Output;
    // The app's CSP forbids inline scripts; this page only hosts the bundled module.
    const lab = await newPage(browser, { ...desktop, bypassCSP: true });
    await lab.page.goto(`${server.url}/agreement`);
    await lab.page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    // tsx compiles this file with esbuild's keepNames: the evaluated function calls __name.
    await lab.page.addScriptTag({ content: 'window.__name = (f) => f;' });
    const result = await lab.page.evaluate(async (output) => {
      const lib = (
        window as unknown as {
          hjDownload: {
            prepareOutput: (
              o: Output,
              i: number,
              stem: string,
            ) => Promise<{ name: string; blob: Blob }>;
          };
        }
      ).hjDownload;
      const saved = await lib.prepareOutput(output, 0, 'x');
      const original = new Uint8Array(await (await fetch(output.url)).arrayBuffer());
      const bytes = new Uint8Array(await saved.blob.arrayBuffer());
      return {
        name: saved.name,
        type: saved.blob.type,
        same: bytes.length === original.length && bytes.every((v, i) => v === original[i]),
      };
    }, output);
    await lab.context.close();
    // The spec §9 mark of gpt/video outputs is in the bytes the server serves non-members
    // (apps/server/test/output-watermark.test.ts checks its pixels); the download keeps them.
    assert.deepEqual(result, { name: 'x-1.png', type: 'image/png', same: true });
  });

  test('signed out: the share link shows the outputs read-only; the task id alone asks to sign in', async () => {
    const visitor = await newPage(browser, { ...desktop, acceptDownloads: true });
    await visitor.page.goto(shareLink);
    await visitor.page.getByRole('heading', { level: 1, name: '图片转线稿' }).waitFor();
    await visitor.page.getByText('来自绘境设计师的分享').waitFor();
    assert.equal(await visitor.page.getByRole('slider').count(), 0, 'no original is shown');
    assert.equal(await visitor.page.getByRole('button', { name: /复制分享链接/ }).count(), 0);
    assert.equal(await visitor.page.getByRole('button', { name: /继续处理/ }).count(), 0);
    const png = await saved(
      () => visitor.page.getByRole('link', { name: /下载 PNG/ }).click(),
      visitor.page,
    );
    assert.deepEqual([...png.bytes.subarray(0, 8)], PNG_MAGIC);
    await visitor.page.screenshot({ path: path.join(shots, 'results-shared-1440.png') });
    await noOverflowAt390(visitor.page, 'shared');

    await visitor.page.goto(`${server.url}/done2?taskId=${taskId}`);
    await visitor.page.getByRole('heading', { name: '登录后查看作品' }).waitFor();
    await visitor.page.goto(`${server.url}/done2?share=not-a-real-token`);
    await visitor.page.getByRole('heading', { name: '找不到这个作品' }).waitFor();
    // The refused read is a real 404 (Chromium logs it); it is asked for once, not retried.
    assert.deepEqual(visitor.errors, [NOT_FOUND_LOG]);
    await visitor.context.close();
  });

  test('another account sees "not found" for the task id', async () => {
    const other = await signedInPage(OTHER, '/home');
    await other.page.goto(`${server.url}/done2?taskId=${taskId}`);
    await other.page.getByRole('heading', { name: '找不到这个作品' }).waitFor();
    assert.deepEqual(other.errors, [NOT_FOUND_LOG]);
    await other.context.close();
  });

  test('an output goes on as the next tool’s input and runs there', async () => {
    const next = getTool('compress')!;
    await page.goto(`${server.url}/done2?taskId=${taskId}`);
    await page.getByRole('heading', { level: 1, name: '图片转线稿' }).waitFor();
    await page.getByRole('button', { name: /继续处理/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(next.name['zh-CN']) }).click();
    await page.waitForURL(new RegExp(`${next.routes[0]}$`));
    await page.getByRole('heading', { level: 1, name: next.name['zh-CN'] }).waitFor();
    const preview = page.locator('.hj-upload__preview img').first();
    await preview.waitFor();
    const outputs = (await page.evaluate(async (id) => {
      const raw = localStorage.getItem('satoken') ?? '';
      const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      const r = await fetch(`/api/ai/getTaskByTaskId?taskId=${id}`, {
        headers: { satoken: token },
      });
      return ((await r.json()) as { data: { outputs: { url: string }[] } }).data.outputs;
    }, taskId)) as { url: string }[];
    const outputFile = /\/api\/files\/([0-9a-f-]{36})/.exec(outputs[0]!.url)![1]!;
    assert.ok((await preview.getAttribute('src'))?.includes(outputFile), 'the output is the input');

    await page.getByRole('button', { name: new RegExp(toolVerb(next)['zh-CN']) }).click();
    await waitForResult();
    await page
      .locator('.hj-result')
      .getByRole('link', { name: /详情 \/ 分享/ })
      .click();
    await page.waitForURL(/\/done2\?taskId=/);
    const nextId = new URL(page.url()).searchParams.get('taskId')!;
    const detail = (await page.evaluate(async (id) => {
      const raw = localStorage.getItem('satoken') ?? '';
      const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      const r = await fetch(`/api/ai/taskDetail?taskId=${id}`, { headers: { satoken: token } });
      return ((await r.json()) as { data: { before: { url: string } } }).data;
    }, nextId)) as { before: { url: string } };
    assert.ok(detail.before.url.includes(outputFile), 'the server ran it on the output file');
    assert.deepEqual(errors, []);
  });

  test('再来一次 on a history entry runs that entry’s image and settings, not the form’s', async () => {
    const tool = toolForRoute('/toline')!;
    await page.goto(`${server.url}/toline`);
    await page.getByRole('heading', { level: 1, name: tool.name['zh-CN'] }).waitFor();
    // Today's form: another image and another line style than the earlier runs had.
    const otherImage = path.join(server.dataDir, 'facade.png');
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c7d2fe' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect x="200" y="120" width="500" height="360" fill="none" stroke="#1f2937" stroke-width="14"/></svg>',
          ),
        },
      ])
      .png()
      .toFile(otherImage);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload') && r.ok());
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(otherImage);
    const newFileId = ((await (await uploaded).json()) as { data: { fileId: string } }).data.fileId;
    await page.getByText('硬朗边缘', { exact: true }).click();

    // The oldest run in the history strip, and what it ran with (the owner's detail).
    const oldest = (await page.evaluate(async () => {
      const raw = localStorage.getItem('satoken') ?? '';
      const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      const headers = { satoken: token };
      const list = (await (
        await fetch('/api/ai/getTaskList?toolId=to-line&page=1&pageSize=12', { headers })
      ).json()) as { data: { list: { taskId: string }[] } };
      const taskId = list.data.list.at(-1)!.taskId;
      const r = await fetch(`/api/ai/taskDetail?taskId=${taskId}`, { headers });
      const detail = (await r.json()) as {
        data: { params: Record<string, unknown>; inputs: { upload_img: { fileId: string }[] } };
      };
      return { taskId, count: list.data.list.length, ...detail.data };
    })) as {
      taskId: string;
      count: number;
      params: Record<string, unknown>;
      inputs: { upload_img: { fileId: string }[] };
    };
    assert.equal(oldest.params.style, 'xdog');
    const oldFileId = oldest.inputs.upload_img[0]!.fileId;
    assert.notEqual(oldFileId, newFileId);

    await page.locator('.hj-history__item').last().locator('.hj-history__open').click();
    await waitForResult();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/ai/startTask') && r.method() === 'POST'),
      page
        .locator('.hj-result')
        .getByRole('button', { name: /再来一次/ })
        .click(),
    ]);
    const body = request.postDataJSON() as {
      toolId: string;
      params: Record<string, unknown>;
      inputs: Record<string, unknown>;
    };
    assert.equal(body.toolId, 'to-line');
    assert.deepEqual(body.params, oldest.params);
    assert.deepEqual(body.inputs, { upload_img: oldFileId });
    // The form now shows what runs: the old image and the old style.
    await page.getByRole('radio', { name: '手绘感', checked: true }).waitFor();
    await page.waitForFunction(
      (count) => document.querySelectorAll('.hj-history__item').length > count,
      oldest.count,
      { timeout: 60_000 },
    );
    await waitForResult();
    assert.deepEqual(errors, []);
  });
});
