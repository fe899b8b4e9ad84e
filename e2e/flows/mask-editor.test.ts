import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { answerInterest, desktop, desktopUA, launch, newPage } from '../support/browser';
import { apiSignIn, repoRoot, startServer, type RunningServer } from '../support/server';

/**
 * The mask editor end to end on /clean (local inpainting, no AI engine needed): brush, eraser,
 * polygon and a click segmentation drawn in the browser, then the mask file the task was started
 * with is read back from the server as that user and compared with what was drawn.
 */
const shots = path.join(repoRoot, 'e2e', 'screenshots');
const W = 800;
const H = 500;
// A red box on a noisy blue background: what a designer clicks to select.
const box = { x0: 500, y0: 300, x1: 640, y1: 420 };
const brush = { x0: 100, x1: 300, y: 100 };
const eraser = { x: 200, y0: 50, y1: 150 };
const poly = [
  [100, 250],
  [300, 250],
  [300, 400],
  [100, 400],
] as const;

let server: RunningServer;
let browser: Browser;
let imagePath: string;

before(async () => {
  server = await startServer({ SIGNUP_TICKETS: '1:20' });
  browser = await launch();
  fs.mkdirSync(shots, { recursive: true });
  const raw = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i += 1) {
    const x = i % W;
    const y = Math.floor(i / W);
    const inBox = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
    const jitter = (i * 7919) % 23;
    raw[i * 3] = inBox ? 210 + (jitter % 10) : 20 + jitter;
    raw[i * 3 + 1] = inBox ? 40 + (jitter % 10) : 60 + jitter;
    raw[i * 3 + 2] = inBox ? 40 : 170 + jitter;
  }
  imagePath = path.join(server.dataDir, 'scene.png');
  await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(imagePath);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

// The tool page at phone width with touch. (A phone user agent is sent to the /mobile* flow,
// which has its own pages; this is the desktop page on a narrow touch screen.)
const narrowTouch = {
  viewport: { width: 390, height: 844 },
  userAgent: desktopUA,
  hasTouch: true,
  deviceScaleFactor: 2,
};

const signedInPage = async (device: typeof desktop | typeof narrowTouch, phone: string) => {
  const token = await apiSignIn(server, phone);
  const opened = await newPage(browser, device);
  await opened.page.goto(`${server.url}/clean?satoken=${encodeURIComponent(token)}`);
  await answerInterest(opened.page);
  return { ...opened, token };
};

const uploadScene = async (page: Page) => {
  await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(imagePath);
  await page.getByTestId('mask-editor').waitFor();
  await page.locator('.hj-mask__canvas canvas').first().waitFor();
};

/** Image pixel → page coordinates, from the view the editor reports on its canvas element. */
const mapper = async (page: Page) => {
  const canvas = page.locator('.hj-mask__canvas');
  const rect = (await canvas.boundingBox())!;
  const read = async (name: string) => Number(await canvas.getAttribute(`data-view-${name}`));
  const [scale, x, y] = [await read('scale'), await read('x'), await read('y')];
  return {
    scale,
    at: (ix: number, iy: number) => [rect.x + x + ix * scale, rect.y + y + iy * scale],
  };
};

const drag = async (page: Page, from: number[], to: number[]) => {
  await page.mouse.move(from[0]!, from[1]!);
  await page.mouse.down();
  await page.mouse.move(to[0]!, to[1]!, { steps: 12 });
  await page.mouse.up();
};

describe('the mask editor', () => {
  test('draw, erase, polygon and click-select on /clean; the server gets exactly that mask', async () => {
    const { page, errors, token, context } = await signedInPage(desktop, '13812347001');
    await uploadScene(page);
    const view = await mapper(page);
    const r = 25 / view.scale / 2; // the default brush is 25 screen pixels wide

    // Brush (the default tool), then the eraser across the middle of the stroke.
    assert.equal(
      await page.getByRole('button', { name: '画笔' }).getAttribute('aria-pressed'),
      'true',
    );
    await drag(page, view.at(brush.x0, brush.y), view.at(brush.x1, brush.y));
    await page.keyboard.press('e');
    await drag(page, view.at(eraser.x, eraser.y0), view.at(eraser.x, eraser.y1));

    // A polygon: four clicks, Enter closes it.
    await page.keyboard.press('p');
    for (const [x, y] of poly) {
      const [px, py] = view.at(x, y);
      await page.mouse.click(px!, py!);
    }
    await page.keyboard.press('Enter');

    // Click segmentation of the red box through /api/ai/clickMask.
    await page.keyboard.press('s');
    const [sx, sy] = view.at((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2);
    const segmented = page.waitForResponse((res) => res.url().includes('/api/ai/clickMask'));
    await page.mouse.click(sx!, sy!);
    assert.equal((await segmented).status(), 200);
    await page.locator('.hj-mask__busy').waitFor({ state: 'detached' });

    // Saved on its own after a pause; the selection survives a reload (read back from the file).
    const status = page.locator('.hj-mask__footer .hj-mask-status');
    await status.filter({ hasText: '选区已保存' }).waitFor();
    const coverage = await status.textContent();
    await page.reload();
    await page.getByTestId('mask-editor').waitFor();
    await status.filter({ hasText: '选区已保存' }).waitFor();
    assert.equal(await status.textContent(), coverage);

    // Undo after the reload has nothing to undo (the saved mask is where history starts), and
    // one more stroke is sent even though the start button is pressed before the autosave.
    const view2 = await mapper(page);
    await page.keyboard.press('b');
    await drag(page, view2.at(700, 60), view2.at(760, 60));
    await page.mouse.move(...(view2.at(620, 200) as [number, number]));
    await page.screenshot({ path: path.join(shots, 'mask-editor-desktop.png') });
    const started = page.waitForRequest((req) => req.url().includes('/api/ai/startTask'));
    await page.getByRole('button', { name: /开始消除/ }).click();
    const body = (await started).postDataJSON() as { toolId: string; inputs: { mask: string } };
    assert.equal(body.toolId, 'clean');

    // The mask as stored on the server, read as its owner.
    const res = await fetch(`${server.url}/api/files/${body.inputs.mask}`, {
      headers: { satoken: token },
    });
    assert.equal(res.status, 200);
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    assert.deepEqual([meta.width, meta.height], [W, H], 'the mask has the image’s own size');
    const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const on = (x: number, y: number) => data[Math.floor(y) * W + Math.floor(x)]! > 127;
    assert.ok(
      data.every((v) => v === 0 || v === 255),
      'binary: only black and white',
    );

    // Point checks.
    assert.ok(on(120, brush.y) && on(280, brush.y), 'brush stroke kept');
    assert.ok(!on(eraser.x, brush.y), 'erased across the stroke');
    assert.ok(on(200, 325), 'inside the polygon');
    assert.ok(on(570, 360), 'the clicked object');
    assert.ok(on(730, 60), 'the stroke drawn after the reload');
    assert.ok(!on(50, 450) && !on(420, 200) && !on(700, 250), 'nothing elsewhere');

    // Region checks against the geometry that was drawn.
    const inside = (x: number, y: number) => {
      const dBrush =
        x >= brush.x0 && x <= brush.x1
          ? Math.abs(y - brush.y)
          : Math.hypot(x - (x < brush.x0 ? brush.x0 : brush.x1), y - brush.y);
      const dErase =
        y >= eraser.y0 && y <= eraser.y1
          ? Math.abs(x - eraser.x)
          : Math.hypot(x - eraser.x, y - (y < eraser.y0 ? eraser.y0 : eraser.y1));
      if (dBrush < r - 1.5 && dErase > r + 1.5) return true;
      if (x > poly[0][0] + 1 && x < poly[1][0] - 1 && y > poly[0][1] + 1 && y < poly[2][1] - 1)
        return true;
      return false;
    };
    const outside = (x: number, y: number) => {
      const nearBrush =
        x > brush.x0 - r - 3 && x < brush.x1 + r + 3 && Math.abs(y - brush.y) < r + 3;
      const nearPoly =
        x > poly[0][0] - 3 && x < poly[1][0] + 3 && y > poly[0][1] - 3 && y < poly[2][1] + 3;
      const nearBox = x > box.x0 - 12 && x < box.x1 + 12 && y > box.y0 - 12 && y < box.y1 + 12;
      const nearLate = x > 700 - r - 3 && x < 760 + r + 3 && Math.abs(y - 60) < r + 3;
      return !nearBrush && !nearPoly && !nearBox && !nearLate;
    };
    let want = 0;
    let got = 0;
    let stray = 0;
    let boxOn = 0;
    for (let y = 0; y < H; y += 1) {
      for (let x = 0; x < W; x += 1) {
        const c = [x + 0.5, y + 0.5] as const;
        if (inside(...c)) {
          want += 1;
          if (on(x, y)) got += 1;
        } else if (outside(...c) && on(x, y)) stray += 1;
        if (x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1 && on(x, y)) boxOn += 1;
      }
    }
    assert.ok(got / want > 0.995, `drawn areas selected: ${got}/${want}`);
    assert.equal(stray, 0, 'nothing selected away from what was drawn');
    const boxArea = (box.x1 - box.x0) * (box.y1 - box.y0);
    assert.ok(boxOn / boxArea > 0.9, `the clicked object is selected: ${boxOn}/${boxArea}`);

    // The task runs on that mask and the result shows.
    await page.locator('.hj-result').waitFor({ timeout: 120_000 });

    // 编辑选区 brings the editor back over the result, with the mask that was sent.
    const sent = await page.locator('.hj-mask-field .hj-mask-status').textContent();
    await page.getByRole('button', { name: '编辑选区' }).click();
    await page.getByTestId('mask-editor').waitFor();
    assert.equal(await status.textContent(), sent);
    assert.match(sent ?? '', /选区已保存/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone (390×844) the editor fits, wraps its toolbar and draws with touch', async () => {
    const { page, errors, context } = await signedInPage(narrowTouch, '13812347002');
    await uploadScene(page);
    await page.getByTestId('mask-editor').scrollIntoViewIfNeeded();
    const view = await mapper(page);
    const [x0, y] = view.at(150, 200);
    const [x1] = view.at(500, 200);
    // A touch stroke: pointer events of type touch, one finger.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y: y! }],
      });
    await touch('touchStart', x0!);
    for (let i = 1; i <= 10; i += 1) await touch('touchMove', x0! + ((x1! - x0!) * i) / 10);
    await touch('touchEnd', x1!);
    await page.locator('.hj-mask-status', { hasText: /已选/ }).first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, 'no horizontal overflow');
    const bar = (await page.locator('.hj-mask__bar').boundingBox())!;
    assert.ok(bar.x >= 0 && bar.x + bar.width <= 390, 'toolbar within the screen');
    await page.screenshot({ path: path.join(shots, 'mask-editor-mobile.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('extend: dragging the right handle sets the side, a ratio preset sets the ratio, the result has the size shown', async () => {
    const { page, errors, context, token } = await signedInPage(desktop, '13812347003');
    await page.goto(`${server.url}/extendImg`);
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(imagePath);
    await page.getByTestId('extend-editor').waitFor();
    const size = page.getByTestId('extend-size');
    await size.filter({ hasText: `输出 ${W + 512} × ${H}` }).waitFor();
    const handle = page.locator('.hj-extend__handle.is-right');
    const hb = (await handle.boundingBox())!;
    await drag(
      page,
      [hb.x + hb.width / 2, hb.y + hb.height / 2],
      [hb.x + hb.width / 2 + 80, hb.y + hb.height / 2],
    );
    const right = Number(await handle.getAttribute('aria-valuenow'));
    assert.ok(right > 256, `right side grew: ${right}`);
    await size.filter({ hasText: `输出 ${W + 256 + right} × ${H}` }).waitFor();
    await page.locator('.hj-extend__bar').getByText('1:1', { exact: true }).click();
    await size.filter({ hasText: `输出 ${W} × ${W}` }).waitFor();
    await page.waitForTimeout(400); // the preset's highlight slides over
    await page.screenshot({ path: path.join(shots, 'extend-editor-desktop.png') });

    // Started, the local engine grows the picture to exactly the size the label promised.
    const label = /输出 (\d+) × (\d+)/.exec((await size.textContent()) ?? '');
    assert.ok(label, 'the output size is shown before starting');
    const promised = [Number(label[1]), Number(label[2])];
    await page.getByRole('button', { name: /开始扩展/ }).click();
    const result = page.locator('.hj-result').getByRole('img', { name: '生成结果' }).first();
    await result.waitFor({ timeout: 120_000 });
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('.hj-result img')?.naturalWidth ?? 0) > 0,
    );
    const src = (await result.getAttribute('src'))!;
    const res = await fetch(new URL(src, server.url), { headers: { satoken: token } });
    assert.equal(res.status, 200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    assert.deepEqual([meta.width, meta.height], promised, 'the result is the size shown');
    assert.deepEqual(promised, [W, W]);
    await page
      .locator('.hj-result__info')
      .filter({ hasText: `${W} × ${W}` })
      .waitFor();
    await page.screenshot({ path: path.join(shots, 'extend-result-desktop.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
