import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { getTool, toolForRoute } from '@huijing/tools';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { answerInterest, desktop, launch, newPage } from '../support/browser';
import { startComfyUiDouble, type ComfyUiDouble } from '../support/doubles';
import { apiSignIn, repoRoot, startServer, type RunningServer } from '../support/server';

/**
 * The generation screens in the browser: the 360° panorama viewer (free viewing, drag, full
 * screen, owner link), the local engine's videos (multi-image: order and per-picture seconds;
 * image to video: a camera move; first/last frame: opens on the first, ends on the last) each
 * played inline and downloaded as an MP4 checked with ffprobe/ffmpeg, and text to image and text
 * to video through the ComfyUI protocol double (ratio chip → latent size). One server and one
 * signed-in context.
 */
const PHONE = '13812347001';
const shots = path.join(repoRoot, 'e2e', 'screenshots');

let server: RunningServer;
let comfy: ComfyUiDouble;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
const files = { pano: '', red: '', green: '', blue: '', room: '' };

const flat = (fill: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540"><rect width="960" height="540" fill="${fill}"/></svg>`,
  );

/** An equirectangular test panorama: hue bands around the horizon, sky above, floor below. */
const equirect = async (file: string) => {
  const [w, h] = [2048, 1024];
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const i = (y * w + x) * 3;
      const band = Math.floor((x / w) * 8);
      const rgb =
        y < h * 0.3
          ? [150, 190, 235]
          : y > h * 0.7
            ? [120, 95, 70]
            : [
                [220, 60, 60],
                [230, 150, 40],
                [230, 220, 60],
                [70, 180, 80],
                [40, 170, 190],
                [60, 90, 210],
                [140, 70, 200],
                [240, 240, 240],
              ][band]!;
      raw[i] = rgb[0]!;
      raw[i + 1] = rgb[1]!;
      raw[i + 2] = rgb[2]!;
    }
  await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toFile(file);
};

const api = (url: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(server.url + url, {
    method: init.method ?? 'GET',
    headers: { satoken: token, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).then((r) => r.json() as Promise<{ success: boolean; data: unknown }>);

const balance = async (type: number) =>
  (await api(`/api/ai/totalTicket?type=${type}`)).data as number;

before(async () => {
  comfy = await startComfyUiDouble();
  server = await startServer({ COMFYUI_URL: comfy.url, SIGNUP_TICKETS: '1:40,4:8' });
  // WebGL for the panorama on a machine without a GPU: Chromium's software rasteriser.
  browser = await launch(['--enable-unsafe-swiftshader', '--use-angle=swiftshader']);
  fs.mkdirSync(shots, { recursive: true });
  const at = (name: string) => path.join(server.dataDir, name);
  files.pano = at('pano.png');
  await equirect(files.pano);
  for (const [name, fill] of [
    ['red', '#c03030'],
    ['green', '#30a040'],
    ['blue', '#2050c0'],
  ] as const) {
    files[name] = at(`${name}.png`);
    await sharp(flat(fill)).png().toFile(files[name]);
  }
  // A render-like room for the camera move (and a screenshot that reads as a real use).
  files.room = at('room.png');
  await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
      <rect width="1280" height="720" fill="#ece6dc"/>
      <polygon points="0,720 320,470 960,470 1280,720" fill="#b08d68"/>
      <rect x="450" y="120" width="380" height="250" fill="#9cc3e6" stroke="#4b5563" stroke-width="12"/>
      <rect x="440" y="520" width="400" height="90" rx="18" fill="#52525b"/>
    </svg>`),
  )
    .png()
    .toFile(files.room);

  token = await apiSignIn(server, PHONE);
  ({ context, page, errors } = await newPage(browser, desktop));
  await page.goto(`${server.url}/text2Img?satoken=${encodeURIComponent(token)}`);
  await answerInterest(page);
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await comfy?.close();
});

const open = async (target: Page, route: string) => {
  const tool = toolForRoute(route.split('?')[0]!)!;
  await target.goto(`${server.url}${route}`);
  await target.getByRole('heading', { level: 1 }).waitFor();
  return tool;
};

const shoot = (target: Page, name: string) =>
  target.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });

/**
 * Runs `body` at 390×844 in the signed-in desktop context (a phone's user agent is sent to the
 * mobile home by design) and checks nothing scrolls sideways.
 */
const narrow = async (target: Page, body: () => Promise<unknown>) => {
  await target.setViewportSize({ width: 390, height: 844 });
  try {
    await body();
    const overflow = await target.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, 'no horizontal overflow at 390 px');
  } finally {
    await target.setViewportSize(desktop.viewport);
  }
};

/** Codec and length of a video file, as ffprobe reads them. */
const probeVideo = (file: string) => {
  const out = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_name,width,height',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as {
    format: { duration: string };
    streams: { codec_name: string; width: number; height: number }[];
  };
  const [stream] = out.streams;
  return {
    codec: stream!.codec_name,
    duration: Number(out.format.duration),
    width: stream!.width,
    height: stream!.height,
  };
};

/** One frame as raw RGB (ffmpeg grabs it at `seek`, scaled to `size`). */
const grabFrame = (file: string, seek: string[], size = '4x4') =>
  execFileSync('ffmpeg', [
    '-v',
    'error',
    ...seek,
    '-i',
    file,
    '-frames:v',
    '1',
    '-s',
    size,
    '-pix_fmt',
    'rgb24',
    '-f',
    'rawvideo',
    'pipe:1',
  ]);

/** Mean RGB of one frame. */
const meanColour = (file: string, seek: string[]) => {
  const raw = grabFrame(file, seek);
  const sum = [0, 0, 0];
  for (let i = 0; i < raw.length; i += 1) sum[i % 3]! += raw[i]!;
  return sum.map((s) => s / (raw.length / 3));
};

/**
 * The result's inline player: a <video controls> whose metadata has loaded in the page (a real
 * duration), which then plays (muted, as a browser allows without a gesture) past its start.
 * Returns what the page reports.
 */
const playsInline = async (target: Page) => {
  const video = target.locator('.hj-result video.hj-result__video');
  await video.waitFor({ timeout: 120_000 });
  await target.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('.hj-result video.hj-result__video');
      return !!v && v.readyState >= 2 && Number.isFinite(v.duration) && v.duration > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  await video.evaluate((v) => {
    const el = v as HTMLVideoElement;
    el.muted = true;
    return el.play();
  });
  await target.waitForFunction(
    () =>
      (document.querySelector<HTMLVideoElement>('.hj-result video.hj-result__video')?.currentTime ??
        0) > 0,
    undefined,
    { timeout: 30_000 },
  );
  const state = await video.evaluate((v) => {
    const el = v as HTMLVideoElement;
    el.pause();
    return {
      controls: el.controls,
      duration: el.duration,
      width: el.videoWidth,
      height: el.videoHeight,
    };
  });
  assert.equal(state.controls, true, 'the inline player has controls');
  return state;
};

/** Downloads the result through its 下载 MP4 link into the test's data folder. */
const downloadVideo = async (name: string) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator('.hj-result')
      .getByRole('link', { name: /下载 MP4/ })
      .click(),
  ]);
  assert.match(download.suggestedFilename(), /\.mp4$/);
  const file = path.join(server.dataDir, name);
  await download.saveAs(file);
  return file;
};

/** One picture into an upload field; waits until its preview shows. */
const uploadTo = async (input: string, file: string) => {
  const field = page.locator(`input[type=file][data-input="${input}"]`);
  await field.setInputFiles(file);
  await page
    .locator(`.hj-upload[data-input-name="${input}"] .hj-upload__preview img`)
    .first()
    .waitFor();
};

/** The video's length through the slider's number box (时长（秒）). */
const setSeconds = async (seconds: number) => {
  const box = page.getByRole('spinbutton', { name: '时长（秒）' });
  await box.fill(String(seconds));
  await box.press('Tab');
  assert.equal(await box.inputValue(), String(seconds));
};

const yawOf = (target: Page) =>
  target.locator('.hj-pano__canvas').first().getAttribute('data-yaw').then(Number);

describe('generation screens', () => {
  test('panorama: a 2:1 picture opens in the 360° viewer for free; drag, full screen, link', async () => {
    const tickets = await balance(1);
    await open(page, '/panorama');
    await page.locator('input[type=file][data-input="panorama-view"]').setInputFiles(files.pano);
    const overlay = page.getByRole('dialog', { name: 'pano.png' });
    await overlay.waitFor();
    const canvasBox = overlay.locator('.hj-pano__canvas');
    await overlay
      .locator('.hj-pano__canvas[data-ready="true"] canvas')
      .waitFor({ timeout: 30_000 });

    // Drag across the view: the camera turns (yaw changes) and the picture changes.
    const box = (await canvasBox.boundingBox())!;
    const before = await page.screenshot();
    const yaw0 = Number((await canvasBox.getAttribute('data-yaw')) ?? 0);
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1)
      await page.mouse.move(box.x + box.width * (0.7 - i * 0.04), box.y + box.height / 2);
    await page.mouse.up();
    await page.waitForFunction(
      (y0) =>
        Math.abs(
          Number(document.querySelector('.hj-pano__canvas')?.getAttribute('data-yaw')) - y0,
        ) > 0.3,
      yaw0,
    );
    assert.ok(Math.abs((await yawOf(page)) - yaw0) > 0.3, 'dragging turned the camera');
    assert.notDeepEqual(await page.screenshot(), before, 'the view changed on screen');
    await shoot(page, 'generation-panorama-viewer-1440');

    // Full screen from the overlay's button, and back.
    await overlay.getByTestId('pano-fullscreen').click();
    await page.waitForFunction(() => document.fullscreenElement !== null);
    assert.equal(await canvasBox.getAttribute('data-fullscreen'), 'true');
    await page.evaluate(() => document.exitFullscreen());
    await page.waitForFunction(() => document.fullscreenElement === null);

    // A link for the owner: the picture is uploaded only now, and reopens the viewer.
    await overlay.getByRole('button', { name: /复制链接/ }).click();
    const linkField = overlay.getByLabel('全景链接');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    assert.match(link, /\/panorama\?view=[\w-]+$/);
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });

    const again = await context.newPage();
    await again.goto(link);
    await again
      .locator('.hj-pano-overlay .hj-pano__canvas[data-ready="true"] canvas')
      .waitFor({ timeout: 30_000 });
    await again.close();

    // Somebody else (signed out here) cannot open the owner's link.
    const { context: other, page: stranger } = await newPage(browser, desktop);
    await stranger.goto(link);
    await stranger.getByText('找不到这张全景图').waitFor();
    await other.close();

    // Viewing took no ticket.
    assert.equal(await balance(1), tickets);

    // Generating is the paid path: a 2:1 base renders (ComfyUI double) into a 2:1 result that
    // opens in the 360° view under it, and its share link works for anyone.
    const tool = toolForRoute('/panorama')!;
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(files.pano);
    await page.getByRole('button', { name: '360° 预览底图' }).waitFor();
    await page.getByRole('button', { name: /生成全景/ }).click();
    const resultView = page.locator('.hj-pano-result .hj-pano__canvas[data-ready="true"] canvas');
    await resultView.waitFor({ timeout: 60_000 });
    assert.equal(await balance(1), tickets - tool.price);
    await shoot(page, 'generation-panorama-result-1440');
    await page.getByRole('button', { name: '大图漫游与分享' }).click();
    const shareOverlay = page.locator('.hj-pano-overlay');
    await shareOverlay.getByRole('button', { name: /复制链接/ }).click();
    const shareLink = await shareOverlay.getByLabel('全景链接').inputValue();
    assert.match(shareLink, /\/panorama\?share=[\w-]+$/);
    await shareOverlay.getByRole('button', { name: '关闭全景' }).click();
    const { context: anyone, page: visitor } = await newPage(browser, desktop);
    await visitor.goto(shareLink);
    await visitor
      .locator('.hj-pano-overlay .hj-pano__canvas[data-ready="true"] canvas')
      .waitFor({ timeout: 30_000 });
    await anyone.close();

    // The narrow layout: the tool page, then the viewer over the whole screen.
    await narrow(page, async () => {
      await shoot(page, 'generation-panorama-390');
      await page.locator('input[type=file][data-input="panorama-view"]').setInputFiles(files.pano);
      await page
        .locator('.hj-pano-overlay .hj-pano__canvas[data-ready="true"] canvas')
        .waitFor({ timeout: 30_000 });
      await shoot(page, 'generation-panorama-viewer-390');
      await page.keyboard.press('Escape');
    });
    assert.deepEqual(errors, []);
  });

  test('imgs2Video: three pictures reordered with their own seconds make the MP4 asked for', async () => {
    const videoTickets = await balance(4);
    await open(page, '/imgs2Video');
    await page.getByRole('heading', { level: 1, name: '多图视频' }).waitFor();
    await page
      .locator('input[type=file][data-input="frames"]')
      .setInputFiles([files.red, files.green, files.blue]);
    const tiles = page.locator('.hj-frame[data-frame]');
    await page.waitForFunction(
      () => document.querySelectorAll('.hj-frame[data-frame] img').length === 3,
    );

    // Blue to the front with the keyboard-reachable buttons: blue, red, green.
    await page.getByRole('button', { name: '第 3 张前移' }).click();
    await page.getByRole('button', { name: '第 2 张前移' }).click();
    const srcs = await tiles
      .locator('img')
      .evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src));
    assert.equal(srcs.length, 3);

    // Seconds per picture: 2, 3 and 1.5; the transition (0.8) is capped at half of 1.5.
    const secs = (n: number) => page.getByLabel(`第 ${n} 张时长（秒）`);
    for (const [n, v] of [
      [1, '2'],
      [2, '3'],
      [3, '1.5'],
    ] as const) {
      await secs(n).fill(v);
      await secs(n).press('Tab');
    }
    const expected = 2 + 3 + 1.5 - 2 * 0.75;
    await page
      .getByTestId('video-total')
      .filter({ hasText: `视频约 ${expected} 秒` })
      .waitFor();
    await shoot(page, 'generation-imgs2video-1440');

    // Drag the last tile onto the first, then put it back with the buttons (order unchanged).
    await tiles.nth(2).dragTo(tiles.nth(0));
    await page.waitForFunction(
      (first) =>
        document.querySelector<HTMLImageElement>('.hj-frame[data-frame] img')?.src !== first,
      srcs[0]!,
    );
    await page.getByRole('button', { name: '第 1 张后移' }).click();
    await page.getByRole('button', { name: '第 2 张后移' }).click();
    assert.deepEqual(
      await tiles.locator('img').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src)),
      srcs,
    );
    await page
      .getByTestId('video-total')
      .filter({ hasText: `视频约 ${expected} 秒` })
      .waitFor();

    await page.getByRole('button', { name: /生成视频/ }).click();
    const played = await playsInline(page);
    assert.ok(Math.abs(played.duration - expected) <= 0.3, `plays ${played.duration} s inline`);

    const file = await downloadVideo('result.mp4');
    const probe = probeVideo(file);
    assert.equal(probe.codec, 'h264');
    assert.ok(
      Math.abs(probe.duration - expected) <= 0.3,
      `duration ${probe.duration} ≈ ${expected}`,
    );
    // The order reached the engine: the video opens on blue and ends on green.
    const meanAt = (seek: string[]) => meanColour(file, seek);
    const [r0, , b0] = meanAt(['-ss', '0.3']);
    assert.ok(b0! > 150 && r0! < 80, `starts blue (${meanAt(['-ss', '0.3'])})`);
    const [r1, g1] = meanAt(['-sseof', '-0.1']);
    assert.ok(g1! > 130 && r1! < 80, 'ends green');
    assert.equal(await balance(4), videoTickets - toolForRoute('/imgs2Video')!.price);
    await shoot(page, 'generation-imgs2video-result-1440');

    // The same route's other mode: first and last frame.
    await page.getByText('首尾帧视频', { exact: true }).click();
    await page.waitForURL(/mode=first-last/);
    await page.getByRole('heading', { level: 1, name: '首尾帧视频' }).waitFor();
    await page.locator('[data-input-name="first_frame"]').waitFor();
    await page.locator('[data-input-name="last_frame"]').waitFor();
    await narrow(page, () => shoot(page, 'generation-first-last-390'));

    // Narrow screen: the sequence (its pictures are kept) fits without sideways scrolling.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: '多图视频' }).waitFor();
    await narrow(page, async () => {
      await page.locator('.hj-frame[data-frame] img').first().scrollIntoViewIfNeeded();
      await shoot(page, 'generation-imgs2video-390');
    });
    assert.deepEqual(errors, []);
  });

  test('first/last frame: two pictures make a video of the seconds chosen, from the first to the last', async () => {
    const tickets = await balance(4);
    await open(page, '/imgs2Video?mode=first-last');
    await page.getByRole('heading', { level: 1, name: '首尾帧视频' }).waitFor();
    await uploadTo('first_frame', files.red);
    await uploadTo('last_frame', files.blue);
    await setSeconds(3);
    await page
      .getByTestId('video-total')
      .filter({ hasText: /共 3 秒/ })
      .waitFor();
    await shoot(page, 'generation-first-last-1440');

    await page.getByRole('button', { name: /生成视频/ }).click();
    const played = await playsInline(page);
    assert.ok(Math.abs(played.duration - 3) <= 0.3, `plays ${played.duration} s inline`);
    const file = await downloadVideo('first-last.mp4');
    const probe = probeVideo(file);
    assert.equal(probe.codec, 'h264');
    assert.ok(Math.abs(probe.duration - 3) <= 0.3, `duration ${probe.duration} ≈ 3`);
    const [r0, g0, b0] = meanColour(file, ['-ss', '0.1']);
    assert.ok(r0! > 150 && g0! < 80 && b0! < 80, `opens on the first frame (red): ${[r0, g0, b0]}`);
    const [r1, g1, b1] = meanColour(file, ['-sseof', '-0.1']);
    assert.ok(b1! > 150 && r1! < 80 && g1! < 120, `ends on the last frame (blue): ${[r1, g1, b1]}`);
    assert.equal(await balance(4), tickets - getTool('first-last-video')!.price);
    await shoot(page, 'generation-first-last-result-1440');
    await narrow(page, async () => {
      await page.locator('.hj-result').scrollIntoViewIfNeeded();
      await shoot(page, 'generation-first-last-result-390');
    });
    assert.deepEqual(errors, []);
  });

  test('img2Video: a render becomes a camera move on the local engine, played inline and saved as an MP4', async () => {
    const tickets = await balance(4);
    const tool = await open(page, '/img2Video');
    await page.getByRole('heading', { level: 1, name: '图生视频' }).waitFor();
    await uploadTo('upload_img', files.room);
    await setSeconds(3);
    await shoot(page, 'generation-img2video-1440');

    await page.getByRole('button', { name: /生成视频/ }).click();
    const played = await playsInline(page);
    assert.ok(Math.abs(played.duration - 3) <= 0.3, `plays ${played.duration} s inline`);
    // 720p keeps the picture's 16:9 shape.
    assert.deepEqual([played.width, played.height], [1280, 720]);
    const file = await downloadVideo('img2video.mp4');
    const probe = probeVideo(file);
    assert.equal(probe.codec, 'h264');
    assert.ok(Math.abs(probe.duration - 3) <= 0.3, `duration ${probe.duration} ≈ 3`);
    assert.deepEqual([probe.width, probe.height], [1280, 720]);
    // The default move zooms in: the window in the middle of the room fills more of the last
    // frame than of the first (cells clearly bluer than red are window).
    const windowShare = (seek: string[]) => {
      const raw = grabFrame(file, seek, '32x18');
      let n = 0;
      for (let i = 0; i < raw.length; i += 3) if (raw[i + 2]! > raw[i]! + 40) n += 1;
      return n / (raw.length / 3);
    };
    const [shareStart, shareEnd] = [windowShare(['-ss', '0']), windowShare(['-sseof', '-0.1'])];
    assert.ok(shareEnd > shareStart * 1.3, `zoomed in: window ${shareStart} → ${shareEnd}`);
    assert.equal(await balance(4), tickets - tool.price);
    await shoot(page, 'generation-img2video-result-1440');
    await narrow(page, async () => {
      await page.locator('.hj-result').scrollIntoViewIfNeeded();
      await shoot(page, 'generation-img2video-result-390');
    });
    assert.deepEqual(errors, []);
  });

  test('text2Img: suggestion, ratio chip and style card reach the ComfyUI double', async () => {
    const tool = await open(page, '/text2Img');
    // 光线 is the third group: behind 更多描述词 until opened (the form stays short).
    await page.getByRole('button', { name: /^更多描述词/ }).click();
    await page.getByRole('button', { name: '午后斜阳' }).click();
    assert.match(await page.locator('#hj-param-promptTxt').inputValue(), /，午后斜阳$/);
    await page.getByRole('radio', { name: /^16:9/ }).click();
    await page.getByText('1344×768').waitFor();
    await page.locator('.hj-gen-style[data-style="image-watercolor"]').click();
    assert.equal(
      await page
        .locator('.hj-gen-style[data-style="image-watercolor"]')
        .getAttribute('aria-checked'),
      'true',
    );
    await page.locator('[data-param="count"]').getByText('2 张').click();
    await page
      .getByTestId('price-line')
      .filter({ hasText: `消耗 ${tool.price * 2} 次` })
      .waitFor();
    await shoot(page, 'generation-text2img-1440');

    const before = comfy.received.prompts.length;
    await page.getByRole('button', { name: /开始生成/ }).click();
    await page.locator('.hj-result').waitFor({ timeout: 60_000 });
    const sent = comfy.received.prompts.slice(before).at(-1)!.prompt as Record<
      string,
      { inputs: Record<string, unknown> }
    >;
    assert.deepEqual(
      [sent['5']!.inputs.width, sent['5']!.inputs.height, sent['5']!.inputs.batch_size],
      [1344, 768, 2],
    );
    assert.match(String(sent['6']!.inputs.text), /午后斜阳/);
    assert.match(String(sent['6']!.inputs.text), /水彩|watercolour/);
    // Two pictures paid for, two shown: a grid of both, the second one selectable.
    const thumbs = page.locator('.hj-result__grid').getByRole('tab');
    assert.equal(await thumbs.count(), 2);
    await thumbs.nth(1).click();
    assert.equal(await thumbs.nth(1).getAttribute('aria-selected'), 'true');
    await shoot(page, 'generation-text2img-result-1440');

    await open(page, '/text2ImgPro');
    await page.getByRole('radio', { name: /^21:9/ }).waitFor();
    await narrow(page, () => shoot(page, 'generation-text2img-pro-390'));
    assert.deepEqual(errors, []);
  });

  test('text2Video: camera-move chips and a shape, then an inline video from the ComfyUI double', async () => {
    const tickets = await balance(4);
    // Text to video shares the card: camera-move phrases and its three shapes (no pixel sizes).
    const tool = await open(page, '/text2Video');
    // The example prompt already has this phrase: its chip shows pressed.
    assert.equal(
      await page.getByRole('button', { name: '镜头缓慢推进' }).getAttribute('aria-pressed'),
      'true',
    );
    await page.getByRole('button', { name: '环绕拍摄' }).click();
    assert.match(await page.locator('#hj-param-promptTxt').inputValue(), /，环绕拍摄$/);
    await page.getByRole('radio', { name: /^9:16/ }).click();
    assert.equal(
      await page.getByRole('radio', { name: /^9:16/ }).getAttribute('aria-checked'),
      'true',
    );
    assert.equal(await page.getByRole('radio').filter({ hasText: '×' }).count(), 0);

    await shoot(page, 'generation-text2video-1440');

    const before = comfy.received.prompts.length;
    await page.getByRole('button', { name: /生成视频/ }).click();
    const played = await playsInline(page);
    // The shape reached the template's latent (480 × 832 for 9:16) and so the video.
    const sent = comfy.received.prompts.slice(before).at(-1)!.prompt as Record<
      string,
      { inputs: Record<string, unknown> }
    >;
    assert.deepEqual([sent['40']!.inputs.width, sent['40']!.inputs.height], [480, 832]);
    assert.match(String(sent['6']!.inputs.text), /环绕拍摄/);
    assert.deepEqual([played.width, played.height], [480, 832]);
    const probe = probeVideo(await downloadVideo('text2video.mp4'));
    assert.equal(probe.codec, 'h264');
    assert.ok(probe.duration > 0, 'the downloaded MP4 has a length');
    assert.equal(await balance(4), tickets - tool.price);
    await shoot(page, 'generation-text2video-result-1440');
    await narrow(page, async () => {
      await page.locator('.hj-result').scrollIntoViewIfNeeded();
      await shoot(page, 'generation-text2video-result-390');
    });
    assert.deepEqual(errors, []);
  });
});
