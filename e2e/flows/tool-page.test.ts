import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { toolForRoute } from '@huijing/tools';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { answerInterest, desktop, dialogSettled, launch, newPage } from '../support/browser';
import { apiDesigner, type RunningServer, startServer } from '../support/server';

const PHONES = ['13812340001', '13812340002', '13812340003'];
const NOT_CONFIGURED = /未配置/;
const PENDING = /正在接入 AI 引擎/;

let server: RunningServer;
let browser: Browser;
let imagePath: string;

before(async () => {
  server = await startServer();
  browser = await launch();
  // A room-like picture with edges for the line drawing: walls, a window and a table.
  const width = 1600;
  const height = 1000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#e9e4dc"/>
    <polygon points="0,1000 400,650 1200,650 1600,1000" fill="#b08d68"/>
    <rect x="560" y="180" width="480" height="320" fill="#9cc3e6" stroke="#4b5563" stroke-width="14"/>
    <rect x="600" y="700" width="400" height="40" fill="#3f3f46"/>
    <rect x="630" y="740" width="20" height="160" fill="#3f3f46"/>
    <rect x="950" y="740" width="20" height="160" fill="#3f3f46"/>
  </svg>`;
  imagePath = path.join(server.dataDir, 'room.png');
  await sharp(Buffer.from(svg)).png().toFile(imagePath);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The newest code the outbox SMS provider wrote for a phone (docs/accounts.md). */
const latestCode = async (phone: string): Promise<string> => {
  const file = path.join(server.dataDir, 'outbox', 'sms.jsonl');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
    const mine = lines
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { phone: string; code: string })
      .filter((e) => e.phone === phone);
    if (mine.length > 0) return mine.at(-1)!.code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${phone}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Signs in from the tool page's own start button (it opens the login modal). */
const signIn = async (page: Page, phone: string) => {
  await page.getByRole('button', { name: /登录后开始/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('手机号').waitFor();
  await dialogSettled(page);
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('发送成功').waitFor();
  await dialog.getByLabel('验证码').fill(await latestCode(phone));
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: '登录 / 注册' }).click(),
  ]);
  await answerInterest(page);
};

// One account for the upload flows: each SMS sign-in from the same address counts toward the
// per-address limit that asks for a captcha.
let uploaderToken: Promise<string> | undefined;
const uploader = () => (uploaderToken ??= apiDesigner(server, PHONES[2]!));

/** Every saved tool input's links as if hours had passed (expired, and no longer valid). */
const expireSavedLinks = (page: Page) =>
  page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((k) => k.startsWith('hj-tool-state-'))) {
      const saved = localStorage.getItem(key)!;
      localStorage.setItem(key, saved.replace(/exp=\d+&sig=[\w-]+/g, 'exp=1000&sig=expired'));
    }
  });

const apiGet = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const raw = localStorage.getItem('satoken') ?? '';
    const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    const r = await fetch(u, { headers: { satoken: token } });
    return (await r.json()) as { data: unknown };
  }, url);

describe('the tool page in the browser', () => {
  test('to-line: upload, start, progress, result, and the balance drops by the price', async () => {
    const tool = toolForRoute('/toline')!;
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/toline`);
    await page.getByRole('heading', { level: 1, name: tool.name['zh-CN'] }).waitFor();
    await signIn(page, PHONES[0]!);

    const priceLine = page.getByTestId('price-line');
    await priceLine.filter({ hasText: `消耗 ${tool.price} 次 · 剩余 10 次` }).waitFor();
    assert.ok(await page.getByText('请先上传原图').isVisible(), 'missing input reason shown');

    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(imagePath);
    await page.locator('.hj-upload__preview img').waitFor();
    await page.getByText('1600 × 1000').waitFor();

    // Remember whether the task panel ever showed, however fast the local engine is.
    await page.evaluate(() => {
      const w = window as unknown as { sawTask?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('.hj-task [role="progressbar"]')) w.sawTask = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const start = page.getByRole('button', { name: /开始转线稿/ });
    assert.ok(await start.isEnabled());
    await start.click();

    await page.locator('.hj-result').waitFor({ timeout: 60_000 });
    assert.equal(await page.evaluate(() => (window as { sawTask?: boolean }).sawTask), true);
    const result = page.getByRole('img', { name: '生成结果' });
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.hj-compare__img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    assert.ok(await result.isVisible());
    assert.ok(await page.getByRole('slider', { name: '拖动对比原图与效果图' }).isVisible());
    const download = page.getByRole('link', { name: /下载 PNG/ });
    assert.match((await download.getAttribute('download')) ?? '', /\.png$/);

    await priceLine.filter({ hasText: `剩余 ${10 - tool.price} 次` }).waitFor();
    const balance = await apiGet(page, '/api/ai/totalTicket?type=1');
    assert.equal(balance.data, 10 - tool.price);
    await page.locator('.hj-history__item').first().waitFor();
    assert.deepEqual(errors, []);
  });

  test('indoorRender without an AI engine: disabled with the reason, nothing taken', async () => {
    const { page, errors } = await newPage(browser, desktop);
    // Signed out, a tool that cannot run offers no "登录后开始": it says it is not open yet.
    await page.goto(`${server.url}/indoorRender`);
    await page.getByTestId('tool-pending').waitFor();
    assert.equal(await page.getByRole('button', { name: /登录后开始/ }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /暂未开通/ }).isDisabled(), true);
    // Two runnable tools are offered instead, in a designer's words, not the engine's.
    assert.equal(await page.getByTestId('tool-pending').locator('a[data-tool]').count(), 2);
    assert.equal(await page.getByText(NOT_CONFIGURED).count(), 0);
    await page.goto(`${server.url}/toline`);
    await signIn(page, PHONES[1]!);
    await page.goto(`${server.url}/indoorRender`);
    await page.getByText(PENDING).first().waitFor();
    const before = (await apiGet(page, '/api/ai/totalTicket?type=1')).data as number;
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(imagePath);
    await page.locator('.hj-upload__preview img').waitFor();
    const start = page.getByRole('button', { name: /暂未开通/ });
    assert.equal(await start.isDisabled(), true);
    assert.ok(await page.locator('.hj-tool-start__reason', { hasText: PENDING }).isVisible());
    const list = (await apiGet(page, '/api/ai/getTaskList?toolId=indoor')).data as {
      total: number;
    };
    assert.equal(list.total, 0);
    assert.equal((await apiGet(page, '/api/ai/totalTicket?type=1')).data, before);
    assert.deepEqual(errors, []);
  });

  test('uploads: paste, a drop onto a filled card, and saved inputs back after their links expire', async () => {
    const token = await uploader();
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/toline?satoken=${encodeURIComponent(token)}`);
    await page.getByTestId('price-line').filter({ hasText: '剩余' }).waitFor();

    // Ctrl+V: a clipboard with an image file reaches the first empty input.
    await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 480;
      c.getContext('2d')!.fillRect(0, 0, 640, 480);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([blob], 'pasted.png', { type: 'image/png' }));
      document.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await page.getByText('640 × 480').waitFor();

    // Dragging a file over the filled card lights it up and says what a drop will do.
    await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 800;
      c.height = 600;
      c.getContext('2d')!.fillRect(0, 0, 800, 600);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([blob], 'dropped.png', { type: 'image/png' }));
      (window as unknown as { dropData: DataTransfer }).dropData = data;
      const target = document.querySelector('.hj-upload__preview img')!;
      for (const type of ['dragenter', 'dragover']) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }
    });
    await page.locator('.hj-upload.is-over').waitFor();
    await page.getByText('松开鼠标，替换这张图片').waitFor();
    const dropped = await page.evaluate(() => {
      const data = (window as unknown as { dropData: DataTransfer }).dropData;
      const target = document.querySelector('.hj-upload__preview img')!;
      return !target.dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    });
    assert.equal(dropped, true, 'the card took the drop (the browser does not open the file)');
    await page.getByText('800 × 600').waitFor();
    assert.equal(await page.locator('.hj-upload.is-over').count(), 0);
    assert.equal(new URL(page.url()).pathname, '/toline');

    // Beside the cards a dropped file is refused, not opened (which would leave the page).
    const refused = await page.evaluate(() => {
      const data = (window as unknown as { dropData: DataTransfer }).dropData;
      const at = document.querySelector('h1')!;
      return ['dragover', 'drop'].map(
        (type) =>
          !at.dispatchEvent(
            new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
          ),
      );
    });
    assert.deepEqual(refused, [true, true]);

    // Hours later the saved links have expired: after a reload the picture comes back with fresh
    // links (no broken image, no 404 in the console).
    await expireSavedLinks(page);
    await page.reload();
    await page.getByText('800 × 600').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.hj-upload__preview img');
      return img !== null && img.complete && img.naturalWidth > 0 && !img.src.includes('exp=1000');
    });
    assert.doesNotMatch(
      (await page.evaluate(() => localStorage.getItem('hj-tool-state-edit'))) ?? '',
      /sig=expired/,
    );
    assert.deepEqual(errors, []);
  });

  test('an image over 4000 px is stored with its long side at 1024, and the designer is told', async () => {
    const token = await uploader();
    const big = path.join(server.dataDir, 'big.jpg');
    await sharp({ create: { width: 4500, height: 3000, channels: 3, background: '#c8b8a0' } })
      .jpeg({ quality: 70 })
      .toFile(big);
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/toline?satoken=${encodeURIComponent(token)}`);
    await page.getByTestId('price-line').filter({ hasText: '剩余' }).waitFor();
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(big);
    await page.getByText('图片尺寸过大，已自动压缩').waitFor();
    await page.getByText('1024 × 683').waitFor();
    // The stored file itself, not only the label.
    const stored = await page.evaluate(async () => {
      const saved = JSON.parse(localStorage.getItem('hj-tool-state-edit')!) as {
        state: { tools: Record<string, { inputs: Record<string, { url: string }[]> }> };
      };
      const img = new Image();
      img.src = saved.state.tools['to-line']!.inputs['upload_img']![0]!.url;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    assert.equal(Math.max(...stored), 1024);
    assert.deepEqual(stored, [1024, 683]);
    assert.deepEqual(errors, []);
  });

  test('a saved mask survives a reload after its link expired (/clean)', async () => {
    const token = await uploader();
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/clean?satoken=${encodeURIComponent(token)}`);
    // Given at once, while the page still checks the link's token: the card keeps it until then.
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(imagePath);
    await page.getByTestId('mask-editor').waitFor();
    await page.locator('.hj-mask__canvas canvas').first().waitFor();

    // One brush stroke (the default tool) across the picture, saved on its own after a pause.
    const canvas = page.locator('.hj-mask__canvas');
    const rect = (await canvas.boundingBox())!;
    const view = async (name: string) => Number(await canvas.getAttribute(`data-view-${name}`));
    const [scale, vx, vy] = [await view('scale'), await view('x'), await view('y')];
    const at = (ix: number, iy: number) =>
      [rect.x + vx + ix * scale, rect.y + vy + iy * scale] as const;
    await page.mouse.move(...at(300, 300));
    await page.mouse.down();
    await page.mouse.move(...at(1200, 300), { steps: 12 });
    await page.mouse.up();
    const status = page.locator('.hj-mask__footer .hj-mask-status');
    await status.filter({ hasText: '选区已保存' }).waitFor();
    const coverage = await status.textContent();

    await expireSavedLinks(page);
    await page.reload();
    await page.getByTestId('mask-editor').waitFor();
    await status.filter({ hasText: '选区已保存' }).waitFor();
    assert.equal(await status.textContent(), coverage);
    assert.deepEqual(errors, []);
  });
});
