import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { toolForRoute } from '@huijing/tools';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp, { type Stats } from 'sharp';
import { answerInterest, desktop, launch, newPage } from '../support/browser';
import { startComfyUiDouble, type ComfyUiDouble } from '../support/doubles';
import { apiSignIn, repoRoot, startServer, type RunningServer } from '../support/server';

/**
 * The editing tools' own interactions on the shared tool page: local-engine tools end to end on
 * the real engine, generative ones through the ComfyUI protocol double. One server, one browser
 * and one signed-in context for the whole file; the account starts with enough tickets.
 */
const PHONE = '13812346001';
const shots = path.join(repoRoot, 'e2e', 'screenshots');

let server: RunningServer;
let comfy: ComfyUiDouble;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const files: Record<'room' | 'photo' | 'small' | 'product' | 'object', string> = {
  room: '',
  photo: '',
  small: '',
  product: '',
  object: '',
};

const roomSvg = (width: number, height: number) => `<svg xmlns="http://www.w3.org/2000/svg"
  width="${width}" height="${height}" viewBox="0 0 1600 1000">
  <rect width="1600" height="1000" fill="#e9e4dc"/>
  <polygon points="0,1000 400,650 1200,650 1600,1000" fill="#b08d68"/>
  <rect x="560" y="180" width="480" height="320" fill="#9cc3e6" stroke="#4b5563" stroke-width="14"/>
  <rect x="600" y="700" width="400" height="40" fill="#3f3f46"/>
  <rect x="630" y="740" width="20" height="160" fill="#3f3f46"/>
  <rect x="950" y="740" width="20" height="160" fill="#3f3f46"/>
</svg>`;

before(async () => {
  comfy = await startComfyUiDouble();
  server = await startServer({ COMFYUI_URL: comfy.url, SIGNUP_TICKETS: '1:80' });
  browser = await launch();
  fs.mkdirSync(shots, { recursive: true });
  const at = (name: string) => path.join(server.dataDir, name);
  files.room = at('room.png');
  await sharp(Buffer.from(roomSvg(1600, 1000)))
    .png()
    .toFile(files.room);
  files.small = at('small-room.png');
  await sharp(Buffer.from(roomSvg(320, 200)))
    .png()
    .toFile(files.small);
  // A photo-like picture (gradient + grain): PNG is large, so compression has work to do.
  const [w, h] = [1200, 800];
  const raw = Buffer.alloc(w * h * 3);
  let seed = 42;
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const i = (y * w + x) * 3;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const grain = (seed % 61) - 30;
      raw[i] = Math.max(0, Math.min(255, 120 + (x / w) * 100 + grain));
      raw[i + 1] = Math.max(0, Math.min(255, 100 + (y / h) * 80 + grain));
      raw[i + 2] = Math.max(0, Math.min(255, 90 + grain));
    }
  files.photo = at('photo.png');
  await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toFile(files.photo);
  // A product shot: a terracotta vase on a plain light background (what matting is for).
  files.product = at('product.png');
  await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
      <rect width="600" height="600" fill="#f3f4f6"/>
      <ellipse cx="300" cy="330" rx="150" ry="190" fill="#c2410c"/>
      <rect x="240" y="110" width="120" height="70" fill="#9a3412"/>
    </svg>`),
  )
    .png()
    .toFile(files.product);
  files.object = at('chair.png');
  await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      <rect width="400" height="400" fill="#ffffff"/>
      <rect x="110" y="80" width="180" height="150" rx="20" fill="#0f766e"/>
      <rect x="90" y="220" width="220" height="50" rx="12" fill="#115e59"/>
      <rect x="105" y="270" width="16" height="100" fill="#44403c"/>
      <rect x="280" y="270" width="16" height="100" fill="#44403c"/>
    </svg>`),
  )
    .png()
    .toFile(files.object);

  const token = await apiSignIn(server, PHONE);
  ({ context, page, errors } = await newPage(browser, desktop));
  await page.goto(`${server.url}/compress?satoken=${encodeURIComponent(token)}`);
  await answerInterest(page);
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await comfy?.close();
});

const open = async (route: string, heading?: RegExp) => {
  const tool = toolForRoute(route)!;
  await page.goto(`${server.url}${route}`);
  await page.getByRole('heading', { level: 1, name: heading ?? tool.name['zh-CN'] }).waitFor();
  return tool;
};

const upload = async (input: string, file: string) => {
  const field = page.locator(`input[type=file][data-input="${input}"]`);
  await field.setInputFiles(file);
  await page
    .locator('.hj-upload', { has: field })
    .locator('.hj-upload__preview img')
    .first()
    // The server stores and thumbnails the upload first; slow when the machine is busy.
    .waitFor({ timeout: 60_000 });
};

/** Starts the run and waits for the result; returns the task as the API reports it. */
const runToResult = async (timeout = 120_000) => {
  // Each tool's start button says its own verb (开始压缩, 开始消除…): found by its place.
  const start = page.locator('.hj-tool-start button').first();
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>('.hj-tool-start button')?.disabled,
  );
  await start.click();
  await page.locator('.hj-result').waitFor({ timeout });
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('.hj-result__main img')).every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
};

const resultSize = async () => {
  const text = (await page.locator('.hj-result__info').textContent()) ?? '';
  const m = /(\d+)\s*×\s*(\d+)/.exec(text);
  assert.ok(m, `result size in "${text}"`);
  return { width: Number(m[1]), height: Number(m[2]) };
};

const shoot = async (name: string) => {
  // Results and history thumbnails finish loading first (a blank tile is not what a user sees).
  await page.waitForFunction(() =>
    Array.from(
      document.querySelectorAll<HTMLImageElement>('.hj-result img, .hj-history img'),
    ).every((img) => img.complete && img.naturalWidth > 0),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `editing-${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${name}: page is ${width}px wide at 390`);
  await page.screenshot({ path: path.join(shots, `editing-${name}-390.png`), fullPage: true });
  await page.setViewportSize(desktop.viewport);
};

/**
 * One brush stroke across the picture in the mask editor (docs/editor.md: the canvas reports its
 * view, so image fractions map to page pixels).
 */
const paintStroke = async (from = 0.35, to = 0.65, y = 0.5, file = files.room) => {
  await page.getByTestId('mask-editor').waitFor();
  const canvas = page.locator('.hj-mask__canvas');
  await canvas.locator('canvas').first().waitFor();
  await canvas.scrollIntoViewIfNeeded();
  const rect = (await canvas.boundingBox())!;
  const read = async (name: string) => Number(await canvas.getAttribute(`data-view-${name}`));
  const [scale, vx, vy] = [await read('scale'), await read('x'), await read('y')];
  // The picture's own pixels (the page's preview may be a smaller thumbnail).
  const { width: w, height: h } = (await sharp(file).metadata()) as {
    width: number;
    height: number;
  };
  const at = (fx: number, fy: number) => [
    rect.x + vx + fx * w * scale,
    rect.y + vy + fy * h * scale,
  ];
  const [x0, y0] = at(from, y);
  const [x1, y1] = at(to, y);
  await page.mouse.move(x0!, y0!);
  await page.mouse.down();
  await page.mouse.move(x1!, y1!, { steps: 12 });
  await page.mouse.up();
};

/** "1.25 MB" / "200 KB" / "830 B" back to bytes (the page's binary units). */
const bytesOf = (text: string) => {
  const m = /([\d.]+)\s*(B|KB|MB)/.exec(text);
  assert.ok(m, `a size in "${text}"`);
  return Number(m[1]) * { B: 1, KB: 1024, MB: 1024 * 1024 }[m[2] as 'B' | 'KB' | 'MB'];
};

/** The newest prompt the ComfyUI double received for a tool. */
const promptFor = (toolId: string) =>
  comfy.received.prompts.filter((p) => p.extra_data.huijing_tool_id === toolId).at(-1);

describe('editing tools on the local engine', () => {
  test('compress: target size, both file sizes and the zoomed side-by-side comparison', async () => {
    await open('/compress');
    await page.getByRole('heading', { name: '压缩方式' }).waitFor();
    await upload('upload_img', files.photo);
    const original = await page.getByTestId('compress-original-size').textContent();
    // The server keeps photos as JPEG q90 (a grainy 1200 × 800 is still ~400 KB).
    assert.ok(bytesOf(original!) > 300 * 1024, `original is large: ${original}`);
    await page.getByText('WebP', { exact: true }).click();
    await page.getByText('按目标大小', { exact: true }).click();
    await page.getByRole('button', { name: '200 KB' }).click();
    assert.equal(await page.getByRole('spinbutton', { name: '目标大小' }).inputValue(), '200');
    await runToResult();

    const before = bytesOf((await page.getByTestId('compress-before').textContent())!);
    const after = bytesOf((await page.getByTestId('compress-after').textContent())!);
    assert.ok(after <= 200 * 1024 * 1.02, `compressed to ${after} bytes`);
    assert.ok(after < before / 2);
    await page.getByText(/减小 \d+%/).waitFor();
    // The real output file is that small (the page did not just print the target).
    const url = await page.getByRole('img', { name: '生成结果' }).first().getAttribute('src');
    const size = await page.evaluate(async (u) => (await (await fetch(u!)).blob()).size, url);
    assert.ok(Math.abs(size - after) <= after * 0.01 + 100, `${size} vs ${after}`);

    // The compressed file downloads as itself (WebP here), not redrawn as a PNG.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /下载压缩文件（WEBP）/ }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^huijing-compress-\w{8}\.webp$/);
    const saved = fs.readFileSync((await download.path())!);
    assert.equal(saved.subarray(8, 12).toString('latin1'), 'WEBP');
    assert.equal(saved.length, size);

    // Zoom: both panes show the same spot; moving the focus moves both.
    const panes = page.locator('.hj-zoom__view');
    assert.equal(await panes.count(), 2);
    const positions = () =>
      panes.evaluateAll((els) => els.map((e) => (e as HTMLElement).style.backgroundPosition));
    const centred = await positions();
    const map = page.getByRole('slider', { name: '选择放大位置' });
    await map.click({ position: { x: 2, y: 2 } });
    const corner = await positions();
    assert.notDeepEqual(corner, centred);
    assert.equal(corner[0], '0px 0px');
    assert.equal(corner[1], '0px 0px');
    for (let i = 0; i < 8; i += 1) await map.press('ArrowRight');
    assert.notEqual((await positions())[0], '0px 0px');
    await shoot('compress');
  });

  test('upscale: output size shown before starting, and the result has it', async () => {
    await open('/upScaleImg');
    await page.getByText('上传原图后，这里会显示放大后的尺寸').first().waitFor();
    await upload('upload_img', files.room);
    assert.equal(await page.getByTestId('upscale-size-2').textContent(), '3200 × 2000 像素');
    assert.equal(await page.getByTestId('upscale-size-4').textContent(), '6400 × 4000 像素');
    const four = page.getByRole('radio', { name: /4 倍/ });
    await four.click();
    assert.equal(await four.getAttribute('aria-checked'), 'true');
    await shoot('upscale');
    await page.getByRole('radio', { name: /2 倍/ }).click();
    await runToResult();
    assert.deepEqual(await resultSize(), { width: 3200, height: 2000 });
  });

  test('real upscale: warns before an AI run the engine would refuse, then runs 2× on a small image', async () => {
    await open('/realUpImg');
    await upload('upload_img', files.room);
    await page.getByRole('alert').filter({ hasText: '100 万像素以内' }).waitFor();
    // Refused before queueing, in the panel's own words: the start button is off and says why.
    await page.locator('.hj-tool-start__reason', { hasText: '100 万像素以内' }).waitFor();
    assert.equal(await page.locator('.hj-tool-start button').isDisabled(), true);
    await upload('upload_img', files.small);
    await page.getByRole('alert').filter({ hasText: '100 万像素' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('upscale-size-2').textContent(), '640 × 400 像素');
    await runToResult(180_000);
    assert.deepEqual(await resultSize(), { width: 640, height: 400 });
    await shoot('real-upscale-result');
  });

  test('to-line: line weight and detail level, then a line drawing', async () => {
    await open('/toline');
    await page.getByText('线条粗细').waitFor();
    await page.getByText('细节程度').waitFor();
    await upload('upload_img', files.room);
    const sketch = page.getByRole('img', { name: /线稿示意/ });
    assert.equal(await sketch.getAttribute('data-detail'), 'medium');
    await page.getByText('丰富').click();
    assert.equal(await sketch.getAttribute('data-detail'), 'high');
    await shoot('to-line');
    await runToResult();
    assert.deepEqual(await resultSize(), { width: 1600, height: 1000 });
  });

  test('colour flat plan: palette cards with swatches from the upload', async () => {
    await open('/colorFlatPicture');
    const cards = page.getByRole('radiogroup', { name: '配色方案' }).getByRole('radio');
    // The tool's own panel loads with the tool (features/tools/overrides/lazy-part.tsx).
    await cards.first().waitFor();
    assert.equal(await cards.count(), 4);
    await upload('upload_img', files.room);
    await page.getByText('色块取自你的原图').waitFor();
    const swatches = (mood: string) =>
      page
        .locator(`.hj-swatches[data-mood="${mood}"] > span`)
        .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    const mono = await swatches('mono');
    assert.ok(mono.length >= 3);
    for (const c of mono) {
      const [r, g, b] = c.match(/\d+/g)!.map(Number);
      assert.ok(Math.max(r!, g!, b!) - Math.min(r!, g!, b!) <= 3, `mono swatch ${c} is grey`);
    }
    assert.notDeepEqual(await swatches('vivid'), await swatches('original'));
    const soft = page.getByRole('radio', { name: /柔和/ });
    await soft.click();
    assert.equal(await soft.getAttribute('aria-checked'), 'true');
    await shoot('palette');
    await runToResult();
  });

  test('matting: transparent result on a checkerboard, background chosen for free on download', async () => {
    await open('/matting');
    await page.getByRole('heading', { name: '抠图方式' }).waitFor();
    await upload('upload_img', files.product);
    await runToResult();
    assert.equal(await page.locator('.hj-result-bg--checkerboard').count(), 1);
    assert.equal(await page.getByRole('slider', { name: '拖动对比原图与效果图' }).count(), 0);
    const checker = await page
      .locator('.hj-result__main img')
      .first()
      .evaluate((img) => getComputedStyle(img).backgroundImage);
    assert.match(checker, /linear-gradient/);

    // The engine's PNG really is transparent around the vase.
    const url = (await page.getByRole('img', { name: '生成结果' }).first().getAttribute('src'))!;
    const png = await fetchBytes(url);
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    assert.equal(data[3], 0, 'corner is transparent');
    const centre = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4;
    assert.equal(data[centre + 3], 255, 'the vase is opaque');

    const ticketsBefore = await apiTickets();
    await page.getByRole('radio', { name: '白色' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /下载 PNG（当前背景）/ }).click(),
    ]);
    assert.match(download.suggestedFilename(), /-ffffff\.png$/);
    const flat = await sharp(await download.path())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const px = (i: number) =>
      Array.from(flat.data.subarray(i * flat.info.channels, i * flat.info.channels + 4));
    assert.deepEqual(px(0).slice(0, 3), [255, 255, 255], 'corner is now white');
    if (flat.info.channels === 4) assert.equal(px(0)[3], 255);
    const mid =
      Math.floor(flat.info.height / 2) * flat.info.width + Math.floor(flat.info.width / 2);
    assert.deepEqual(px(mid).slice(0, 3), [0xc2, 0x41, 0x0c], 'the vase is untouched');
    assert.equal(await apiTickets(), ticketsBefore, 'changing the background is free');
    await shoot('matting');

    // Refine: back to the picture in the mask editor, paint over the vase, run again.
    const first = (await lastTaskId('matting'))!;
    await page.getByRole('button', { name: '用画笔细修' }).click();
    await page.locator('.hj-result').waitFor({ state: 'detached' });
    await paintStroke(0.4, 0.6, 0.55, files.product);
    await runToResult();
    const second = await lastTaskId('matting');
    assert.notEqual(second, first, 'a second run with the painted hint');
  });

  test('style transfer: the reference beside the original, then a colour transfer', async () => {
    // Without an engine the page names itself 色调迁移 once availability has loaded.
    await open('/styleTransfer', /^(风格迁移|色调迁移)$/);
    await upload('upload_img', files.room);
    await page.getByText('再上传一张参考图').waitFor();
    await upload('style_img', files.photo);
    await page.getByTestId('reference-stage').getByRole('img', { name: '参考图' }).waitFor();
    await shoot('style-transfer');
    await runToResult();
    await shoot('style-transfer-result');
  });

  test('atmosphere change: preset scene cards, night grade on the local engine', async () => {
    await open('/atmosphereChange');
    const cards = page.getByRole('radiogroup', { name: '目标氛围' }).getByRole('radio');
    // The tool's own panel loads with the tool (features/tools/overrides/lazy-part.tsx).
    await cards.first().waitFor();
    assert.equal(await cards.count(), 8);
    await upload('upload_img', files.room);
    const night = page.getByRole('radio', { name: /夜晚/ });
    await night.click();
    assert.equal(await night.getAttribute('aria-checked'), 'true');
    // Arrow keys move the choice like a native radio group.
    await night.press('ArrowRight');
    assert.equal(
      await page.getByRole('radio', { name: /阴天/ }).getAttribute('aria-checked'),
      'true',
    );
    await page.getByRole('radio', { name: /夜晚/ }).click();
    await shoot('atmosphere');
    await runToResult();
    // A night grade darkens the room (the lamps stay lit, the walls fall into shadow).
    const url = (await page.getByRole('img', { name: '生成结果' }).first().getAttribute('src'))!;
    const graded = await sharp(await fetchBytes(url)).stats();
    const original = await sharp(files.room).stats();
    const mean = (s: Stats) => s.channels.slice(0, 3).reduce((a, c) => a + c.mean, 0) / 3;
    assert.ok(mean(graded) < mean(original) * 0.8, `${mean(graded)} vs ${mean(original)}`);
  });

  test('clean: the painting hint, brush strokes over the table, the table gone from the result', async () => {
    await open('/clean');
    assert.match((await page.getByTestId('mask-hint').textContent())!, /涂满要消除的物体/);
    await upload('upload_img', files.room);
    // The table (top at y 700–740, legs down to 900, x 600–1000 of 1600 × 1000) painted over.
    for (const y of [0.72, 0.78, 0.84, 0.9]) await paintStroke(0.36, 0.64, y);
    await runToResult();
    assert.deepEqual(await resultSize(), { width: 1600, height: 1000 });
    // Where the dark table top was, the result is now light like the floor around it.
    const url = (await page.getByRole('img', { name: '生成结果' }).first().getAttribute('src'))!;
    const tableTop = { left: 660, top: 705, width: 280, height: 30 };
    const mean = async (input: Buffer | string) => {
      const region = await sharp(input).extract(tableTop).png().toBuffer();
      const { channels } = await sharp(region).stats();
      return channels.slice(0, 3).reduce((a, c) => a + c.mean, 0) / 3;
    };
    const [before, after] = [await mean(files.room), await mean(await fetchBytes(url))];
    assert.ok(after > before + 50, `the table top is filled: ${before} → ${after}`);
    await shoot('clean-result');
  });
});

describe('generative editing tools through ComfyUI', () => {
  for (const route of ['/facerestoration', '/oldhouse', '/emptyRoom', '/xitu']) {
    test(`${route}: start → result through the ComfyUI double`, async () => {
      const tool = await open(route);
      await upload('upload_img', files.room);
      await runToResult();
      assert.ok(promptFor(tool.id), `the double received a prompt for ${tool.id}`);
      await shoot(`${tool.id}-result`);
      if (tool.id === 'empty-room') {
        const text = Object.values(promptFor(tool.id)!.prompt)
          .map((n) => (n as { inputs: { text?: string } }).inputs.text)
          .find(Boolean);
        assert.match(text!, /^Remove all furniture/);
      }
    });
  }

  test('material change: paint the floor, pick a material from the library, and the prompt names it', async () => {
    const tool = await open('/materialChange');
    assert.match((await page.getByTestId('mask-hint').textContent())!, /材质/);
    await upload('upload_img', files.room);
    await paintStroke(0.2, 0.8, 0.85);
    const item = page.locator('.hj-materials__item').first();
    await item.waitFor();
    const name = (await item.locator('span').textContent())!.trim();
    await item.click();
    assert.equal(await item.getAttribute('aria-selected'), 'true');
    await runToResult();
    const received = promptFor(tool.id)!;
    assert.ok(
      JSON.stringify(received.prompt).includes(name),
      `the prompt names the material ${name}`,
    );
    assert.match(comfy.received.uploads.map((u) => u.name).join(' '), /mask/);
    await shoot('material-result');
  });

  test('local render (/lama) shares the editor and says how to use it', async () => {
    await open('/lama');
    assert.match((await page.getByTestId('mask-hint').textContent())!, /涂抹需要重绘的区域/);
  });

  test('background change: paint the background to replace, then the result', async () => {
    const tool = await open('/backgroundchange');
    assert.match((await page.getByTestId('mask-hint').textContent())!, /背景/);
    await upload('upload_img', files.room);
    await paintStroke(0.05, 0.95, 0.1);
    await runToResult();
    assert.ok(promptFor(tool.id));
    await shoot('background-result');
  });

  test('wanwuqianyi: scene and object, a position on the grid and a size, then the result', async () => {
    const tool = await open('/wanwuqianyi');
    await upload('upload_img', files.room);
    await upload('object_img', files.object);
    const grid = page.getByRole('radiogroup', { name: '摆放位置' });
    await grid.getByRole('radio').first().waitFor();
    assert.equal(await grid.getByRole('radio').count(), 9);
    await grid.getByRole('radio', { name: '放在左下' }).click();
    await grid.locator('[aria-checked="true"] img').waitFor();
    await page.getByText('大', { exact: true }).click();
    await shoot('wanwuqianyi');
    await runToResult();
    const prompt = promptFor(tool.id)!;
    const text = Object.values(prompt.prompt)
      .map((n) => (n as { inputs: { text?: string } }).inputs.text)
      .find(Boolean)!;
    assert.match(text, /in the bottom-left area/);
    assert.match(text, /large size/);
    const uploads = comfy.received.uploads.map((u) => u.name).join(' ');
    assert.match(uploads, /object_img/);
  });
});

describe('the page stayed clean', () => {
  test('no console errors across the flows', () => {
    assert.deepEqual(errors, []);
  });
});

async function apiTickets(): Promise<number> {
  return page.evaluate(async () => {
    const raw = localStorage.getItem('satoken') ?? '';
    const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    const r = await fetch('/api/ai/totalTicket?type=1', { headers: { satoken: token } });
    return ((await r.json()) as { data: number }).data;
  });
}

async function lastTaskId(toolId: string): Promise<string | undefined> {
  return page.evaluate(async (id) => {
    const raw = localStorage.getItem('satoken') ?? '';
    const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    const r = await fetch(`/api/ai/getTaskList?toolId=${id}`, { headers: { satoken: token } });
    const body = (await r.json()) as { data: { list: { taskId: string }[] } };
    return body.data.list[0]?.taskId;
  }, toolId);
}

async function fetchBytes(url: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (u) => {
    const buf = await (await fetch(u)).arrayBuffer();
    return Array.from(new Uint8Array(buf));
  }, url);
  return Buffer.from(bytes);
}
