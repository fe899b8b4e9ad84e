import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { toolForRoute } from '@huijing/tools';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { dialogSettled, launch, mobile, newPage, skipInterest } from '../support/browser';
import { startComfyUiDouble } from '../support/doubles';
import {
  apiSignIn,
  latestSmsCode,
  repoRoot,
  startServer,
  type RunningServer,
} from '../support/server';

const PHONE = '13812348001';
const NOT_CONFIGURED = /正在接入 AI 引擎/;
const shots = path.join(repoRoot, 'e2e', 'screenshots');

let server: RunningServer;
let browser: Browser;
let bigPhoto: string;

before(async () => {
  server = await startServer();
  browser = await launch();
  fs.mkdirSync(shots, { recursive: true });
  // A phone photo larger than 4000 px, so the spec §5 rule applies: a room with a window.
  const width = 4200;
  const height = 2800;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#e9e4dc"/>
    <polygon points="0,2800 1100,1800 3100,1800 4200,2800" fill="#b08d68"/>
    <rect x="1500" y="480" width="1300" height="880" fill="#9cc3e6" stroke="#4b5563" stroke-width="36"/>
    <rect x="1600" y="1950" width="1000" height="100" fill="#3f3f46"/>
  </svg>`;
  bigPhoto = path.join(server.dataDir, 'phone-photo.png');
  await sharp(Buffer.from(svg)).png().toFile(bigPhoto);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the phone shows (the bars are fixed, so a full-page picture would misplace them). */
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`) });

/** No screen may scroll sideways on a 390 px phone. */
const assertNoSideScroll = async (page: Page, where: string) => {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${where}: page is ${width}px wide`);
  // Nor is anything cut off at the right edge (the page clips, so measure the pieces).
  const cut = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        '.hj-mf__main > *, .hj-mf-card > *, .hj-tool-field > *, .hj-mf-startbar > *',
      ),
    )
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => el.className || el.tagName),
  );
  assert.deepEqual(cut, [], `${where}: cut off at the right edge`);
};

const apiGet = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const raw = localStorage.getItem('satoken') ?? '';
    const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    const r = await fetch(u, { headers: { satoken: token } });
    return (await r.json()) as { data: unknown };
  }, url);

/** Watches for the progress panel, however fast the local engine finishes. */
const watchProgress = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { sawTask?: boolean };
    w.sawTask = false;
    new MutationObserver(() => {
      if (document.querySelector('.hj-task [role="progressbar"]')) w.sawTask = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
const sawProgress = (page: Page) =>
  page.evaluate(() => (window as { sawTask?: boolean }).sawTask === true);

const taskOf = (url: string) => new URL(url).searchParams.get('task');

const RESIZED = '图片尺寸过大，已自动压缩';
/** Waits for a toast to close (antd animates it out, then removes it). */
const toastGone = (page: Page, text: string) =>
  page.locator('.ant-message-notice', { hasText: text }).waitFor({ state: 'detached' });

/** One finger drawn across the mask editor's canvas, from one image pixel to another. */
const touchStroke = async (
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
) => {
  const canvas = page.locator('.hj-mask__canvas');
  // Centred, so the sticky bars cover none of it.
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const rect = (await canvas.boundingBox())!;
  const read = async (name: string) => Number(await canvas.getAttribute(`data-view-${name}`));
  const [scale, vx, vy] = [await read('scale'), await read('x'), await read('y')];
  const at = (p: { x: number; y: number }) => ({
    x: rect.x + vx + p.x * scale,
    y: rect.y + vy + p.y * scale,
  });
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [p] });
  const [a, b] = [at(from), at(to)];
  await touch('touchStart', a);
  for (let i = 1; i <= 12; i += 1) {
    await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 12, y: a.y + ((b.y - a.y) * i) / 12 });
  }
  await touch('touchEnd', b);
  await cdp.detach();
};

describe('the phone flow at 390 × 844', () => {
  test('home → family → tool → sign in → photo → start → progress → result, save and share', async () => {
    const tool = toolForRoute('/toline')!;
    const { context, page, errors } = await newPage(browser, mobile);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

    // Home: pick the editing family.
    await page.goto(`${server.url}/mobileHome`);
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    // Tiles of tools the built-in engine has an example of show it, not a lettered glyph.
    await page.locator('.hj-m__tool .hj-tool-pic[data-sample="local"] img').first().waitFor();
    await assertNoSideScroll(page, '/mobileHome');
    await shoot(page, 'mobileHome-tabs-phone');
    await page.locator('a[href="/mobileList?family=edit"]').first().click();
    await page.waitForURL(/\/mobileList\?family=edit$/);
    await page.getByRole('heading', { level: 1, name: '全部功能' }).waitFor();
    assert.equal(
      await page
        .locator('.hj-mf-chip.is-active')
        .innerText()
        .then((s) => s.split('\n')[0]),
      '图片编辑',
    );
    await page.locator(`[data-tool="${tool.id}"]`).waitFor();
    assert.equal(await page.locator('[data-tool="home-decoration"]').count(), 0);
    // Tools that paint a region are offered on the phone like any other.
    await page.locator('[data-tool="clean"]').waitFor();
    assert.equal(await page.locator('[data-tool="clean"] .hj-mf-tag').count(), 0);
    await assertNoSideScroll(page, '/mobileList');
    await shoot(page, 'mobileList-phone');

    // Search across families; the address keeps it.
    await page.getByRole('searchbox').fill('线稿');
    await page.waitForURL(/q=%E7%BA%BF%E7%A8%BF/);
    await page.getByText(/找到 \d+ 个相关功能/).waitFor();
    await page.getByRole('searchbox').fill('zzqq');
    await page.getByText('没有找到“zzqq”相关的功能').waitFor();
    await shoot(page, 'mobileList-empty-phone');
    await page.getByRole('button', { name: '清除搜索' }).first().click();
    await page.locator(`[data-tool="${tool.id}"]`).click();

    // Prepare: the tool from the registry, signed out.
    await page.waitForURL(/\/mobilePrepare\?tool=to-line$/);
    await page.getByRole('heading', { level: 2, name: tool.name['zh-CN'] }).waitFor();
    await page.getByText('登录后即可开始生成').waitFor();
    await assertNoSideScroll(page, '/mobilePrepare');
    await shoot(page, 'mobilePrepare-signed-out-phone');

    // Sign in through the login modal from the start bar; the page comes back after the reload.
    await page.getByRole('button', { name: /登录后开始/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('手机号').waitFor();
    await dialogSettled(page);
    await assertNoSideScroll(page, 'the login modal');
    await shoot(page, 'mobileLogin-phone');
    await dialog.getByLabel('手机号').fill(PHONE);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('发送成功').waitFor();
    await dialog.getByLabel('验证码').fill(await latestSmsCode(server, PHONE));
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: '登录 / 注册' }).click(),
    ]);
    assert.match(page.url(), /\/mobilePrepare\?tool=to-line$/);
    await skipInterest(page);

    const priceLine = page.getByTestId('price-line');
    await priceLine.filter({ hasText: `消耗 ${tool.price} 次` }).waitFor();
    await priceLine.filter({ hasText: '剩余 10 次' }).waitFor();
    await page.getByText('请先上传原图').waitFor();
    const start = page.getByRole('button', { name: /开始转线稿/ });
    assert.equal(await start.isDisabled(), true);

    // Camera and album: the camera input asks for the rear camera.
    const camera = page.locator('input[type=file][data-input="upload_img"][data-source="camera"]');
    assert.equal(await camera.getAttribute('capture'), 'environment');
    await page.getByRole('button', { name: '从相册选择' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '从相册选择' }).click();
    await (await chooser).setFiles(bigPhoto);
    // Spec §5: larger than 4000 px is redrawn with the longer side at 1024, with the notice.
    await page.getByText('图片尺寸过大，已自动压缩').first().waitFor();
    await page.getByText('1024 × 683').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.hj-mf-up__preview img');
      return img?.complete && img.naturalWidth > 0;
    });
    await assertNoSideScroll(page, '/mobilePrepare with a photo');
    await shoot(page, 'mobilePrepare-phone');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shoot(page, 'mobilePrepare-bottom-phone');

    // Start: progress on /mobileDone, then the result.
    await watchProgress(page);
    assert.equal(await start.isEnabled(), true);
    await start.click();
    await page.waitForURL(/\/mobileDone\?tool=to-line&task=/);
    const firstTask = taskOf(page.url());
    await page.locator('.hj-mf-result').waitFor({ timeout: 60_000 });
    assert.equal(await sawProgress(page), true, 'queue/progress panel was shown');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.hj-mf-result img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await page.getByText('生成完成 · 1024 × 683').waitFor();
    await assertNoSideScroll(page, '/mobileDone');
    // The upload's notice stays with the upload: it does not cover the result.
    await toastGone(page, RESIZED);
    // 发布到灵感广场 (the gallery's slot) has a row of its own: its words fit inside the button.
    const publish = page.getByRole('button', { name: /发布到灵感广场/ });
    await publish.waitFor();
    assert.equal(
      await publish.evaluate((b) => b.scrollWidth <= b.clientWidth),
      true,
      'the publish button holds its words',
    );
    await shoot(page, 'mobileDone-phone');

    // The balance dropped by the price, on the server.
    const balance = await apiGet(page, '/api/ai/totalTicket?type=1');
    assert.equal(balance.data, 10 - tool.price);

    // Before/after with the photo just uploaded.
    await page.locator('.hj-mf-result__views').getByText('对比原图').click();
    await page.getByRole('slider', { name: '拖动对比原图与效果图' }).waitFor();
    await shoot(page, 'mobileDone-compare-phone');
    await page.locator('.hj-mf-result__views').getByText('效果图').click();

    // Save: Chromium on Linux has no file share sheet, so it downloads the PNG.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /保存到相册/ }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^huijing-to-line-\w{8}-1\.png$/);
    const saved = path.join(server.dataDir, 'saved.png');
    await download.saveAs(saved);
    const meta = await sharp(saved).metadata();
    assert.equal(meta.width, 1024);
    assert.equal(meta.height, 683);

    // Share: no share sheet here either, so the link is copied.
    await page.getByRole('button', { name: /分享/ }).click();
    await page.getByText('链接已复制').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, new RegExp(`^${server.url}/api/files/`));
    const shared = await fetch(copied);
    assert.equal(shared.status, 200, 'the copied link opens without a session');

    // Run again: a new task with this run's own photo and settings, at its price.
    const setupOf = async (taskId: string | null) => {
      const { data } = (await apiGet(page, `/api/ai/taskDetail?taskId=${taskId}`)) as {
        data: { params: unknown; inputs: Record<string, { fileId: string }[]> };
      };
      return { params: data.params, photo: data.inputs['upload_img']?.map((f) => f.fileId) };
    };
    const firstSetup = await setupOf(firstTask);
    const again = page.getByRole('button', { name: /再来一次/ });
    await again.filter({ hasText: `· ${tool.price} 次` }).waitFor();
    await watchProgress(page);
    await again.click();
    await page.waitForURL((url) => taskOf(url.href) !== firstTask);
    await page.locator('.hj-mf-result').waitFor({ timeout: 60_000 });
    assert.equal((await apiGet(page, '/api/ai/totalTicket?type=1')).data, 10 - 2 * tool.price);
    assert.deepEqual(await setupOf(taskOf(page.url())), firstSetup);

    // My works: both runs, newest first, each opening its result.
    await page.getByRole('link', { name: '返回', exact: true }).click();
    await page.waitForURL(/\/mobilePrepare\?tool=to-line$/);
    await page.goto(`${server.url}/mobileDone`);
    await page.getByRole('heading', { level: 1, name: '我的作品' }).waitFor();
    const works = page.locator('.hj-mf-row');
    await works.nth(1).waitFor();
    assert.equal(await works.count(), 2);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.hj-mf-work__cover img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await assertNoSideScroll(page, '/mobileDone works');
    await shoot(page, 'mobileWorks-phone');
    await works.nth(1).click();
    await page.waitForURL(new RegExp(`task=${firstTask}`));
    await page.locator('.hj-mf-result').waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a render tool without an AI engine says why and takes no ticket', async () => {
    const token = await apiSignIn(server, '13812348002');
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/mobilePrepare?tool=indoor&satoken=${encodeURIComponent(token)}`);
    await skipInterest(page);

    await page.getByText(NOT_CONFIGURED).first().waitFor();
    const before = (await apiGet(page, '/api/ai/totalTicket?type=1')).data as number;
    await page
      .locator('input[type=file][data-input="upload_img"][data-source="album"]')
      .setInputFiles(bigPhoto);
    await page.locator('.hj-mf-up__preview img').waitFor();
    const start = page.getByRole('button', { name: /暂未开通/ });
    assert.equal(await start.isDisabled(), true);
    assert.ok(
      await page.locator('.hj-mf-startbar__reason', { hasText: NOT_CONFIGURED }).isVisible(),
    );
    await start.click({ force: true });
    const list = (await apiGet(page, '/api/ai/getTaskList?toolId=indoor')).data as {
      total: number;
    };
    assert.equal(list.total, 0);
    assert.equal((await apiGet(page, '/api/ai/totalTicket?type=1')).data, before);
    await assertNoSideScroll(page, '/mobilePrepare unavailable');
    await shoot(page, 'mobilePrepare-unavailable-phone');

    // Text-only and multi-image tools fit the phone too.
    for (const id of ['text-to-image', 'multi-image-video']) {
      await page.goto(`${server.url}/mobilePrepare?tool=${id}`);
      await page.getByTestId('price-line').waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoSideScroll(page, `/mobilePrepare?tool=${id}`);
      await shoot(page, `mobilePrepare-${id}-phone`);
    }
    await page
      .locator('input[type=file][data-input="frames"][data-source="album"]')
      .setInputFiles(bigPhoto);
    await page.locator('.hj-mf-up__tile img').waitFor();
    await page.getByText('1/20 张').waitFor();
    await shoot(page, 'mobilePrepare-frames-phone');

    // An unknown tool offers the list.
    await page.goto(`${server.url}/mobilePrepare?tool=nope`);
    await page.getByRole('heading', { level: 2, name: '没有找到这个功能' }).waitFor();
    await shoot(page, 'mobilePrepare-missing-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('a tool that paints a region, on the phone', () => {
  test('clean: paint with a finger in the shared editor, start, result, one price taken', async () => {
    // Clean runs on the local CPU engine (OpenCV inpainting): no AI engine is needed.
    const tool = toolForRoute('/clean')!;
    const token = await apiSignIn(server, '13812348004');
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/mobilePrepare?tool=clean&satoken=${encodeURIComponent(token)}`);
    await skipInterest(page);
    const priceLine = page.getByTestId('price-line');
    await priceLine.filter({ hasText: `消耗 ${tool.price} 次` }).waitFor();
    const before = (await apiGet(page, '/api/ai/totalTicket?type=1')).data as number;

    // The photo, then the editor under it (the photo itself shrinks to a row).
    await page
      .locator('input[type=file][data-input="upload_img"][data-source="album"]')
      .setInputFiles(bigPhoto);
    await page.getByTestId('mask-editor').waitFor();
    await page.locator('.hj-mask__canvas canvas').first().waitFor();
    await page.locator('.hj-mf-up__preview.is-compact').waitFor();
    assert.equal(await page.locator('[data-input="mask"]').count(), 0, 'the mask is not uploaded');
    await page.getByTestId('mask-hint').waitFor();
    const start = page.getByRole('button', { name: /开始消除/ });
    await page
      .locator('.hj-mf-startbar__reason', { hasText: '请先在图上涂抹要处理的区域' })
      .waitFor();
    assert.equal(await start.isDisabled(), true);

    // One finger across the window (image pixels of the 1024 × 683 photo).
    await touchStroke(page, { x: 400, y: 225 }, { x: 650, y: 225 });
    await page.locator('.hj-mf-paint .hj-mask-status', { hasText: /已选/ }).waitFor();
    await page.locator('.hj-mf-startbar__reason').waitFor({ state: 'detached' });
    assert.equal(await start.isEnabled(), true);
    await assertNoSideScroll(page, '/mobilePrepare painting');
    const bar = (await page.locator('.hj-mask__bar').boundingBox())!;
    assert.ok(bar.x >= 0 && bar.x + bar.width <= 390, 'the editor toolbar fits the phone');
    const canvas = (await page.locator('.hj-mask__canvas').boundingBox())!;
    assert.ok(canvas.width >= 340, `the canvas spans the card: ${canvas.width}px`);
    assert.ok(canvas.height >= 250 && canvas.height <= 844 / 2 + 1, `canvas ${canvas.height}px`);
    await toastGone(page, RESIZED);
    // The card from its title, under the top bar.
    await page.locator('.hj-mf-paint').evaluate((el) =>
      window.scrollTo({
        top: el.getBoundingClientRect().top + window.scrollY - 72,
        behavior: 'instant',
      }),
    );
    await shoot(page, 'mobilePrepare-paint-phone');

    // Start: the painted mask goes with the photo; the result arrives on /mobileDone.
    const sent = page.waitForRequest((req) => req.url().includes('/api/ai/startTask'));
    await start.click();
    const body = (await sent).postDataJSON() as { toolId: string; inputs: Record<string, string> };
    assert.equal(body.toolId, 'clean');
    assert.ok(body.inputs.upload_img && body.inputs.mask, 'photo and mask are sent');
    await page.waitForURL(/\/mobileDone\?tool=clean&task=/);
    await page.locator('.hj-mf-result').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.hj-mf-result img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await page.getByText('生成完成 · 1024 × 683').waitFor();
    await assertNoSideScroll(page, '/mobileDone clean');
    await shoot(page, 'mobileDone-clean-phone');

    // The price was taken once, for one task.
    assert.equal((await apiGet(page, '/api/ai/totalTicket?type=1')).data, before - tool.price);
    const list = (await apiGet(page, '/api/ai/getTaskList?toolId=clean')).data as {
      total: number;
    };
    assert.equal(list.total, 1);

    // Material change: the region in the same editor, the material from the library below.
    await page.goto(`${server.url}/mobilePrepare?tool=material-change`);
    await page
      .locator('input[type=file][data-input="upload_img"][data-source="album"]')
      .setInputFiles(bigPhoto);
    await page.getByTestId('mask-editor').waitFor();
    const material = page.locator('[data-param="material"] [role="option"]').first();
    await material.scrollIntoViewIfNeeded();
    await material.click();
    assert.equal(await material.getAttribute('aria-selected'), 'true');
    // (No AI engine in this server: the start bar gives that reason rather than the mask's.)
    await page.locator('.hj-mf-startbar__reason', { hasText: NOT_CONFIGURED }).waitFor();
    await assertNoSideScroll(page, '/mobilePrepare?tool=material-change');
    await toastGone(page, RESIZED);
    await shoot(page, 'mobilePrepare-material-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('a phone render on the ComfyUI protocol double', () => {
  test('queue/progress with elapsed time, then cancel gives the tickets back', async () => {
    // Slow steps, so the phone sees the render running between 5 % and 95 %.
    const comfy = await startComfyUiDouble({ knobs: { stepDelayMs: 400, maxSteps: 25 } });
    const render = await startServer({ COMFYUI_URL: comfy.url, TASK_CONCURRENCY_REMOTE: '1' });
    const tool = toolForRoute('/indoorRenderNew')!;
    try {
      const token = await apiSignIn(render, '13812348003');
      const { context, page, errors } = await newPage(browser, mobile);
      await page.goto(
        `${render.url}/mobilePrepare?tool=${tool.id}&satoken=${encodeURIComponent(token)}`,
      );
      await skipInterest(page);
      const before = (await apiGet(page, '/api/ai/totalTicket?type=1')).data as number;
      await page
        .locator('input[type=file][data-input="upload_img"][data-source="album"]')
        .setInputFiles(bigPhoto);
      await page.locator('.hj-mf-up__preview img').waitFor();
      await page.getByRole('button', { name: /开始渲染/ }).click();

      await page.waitForURL(/\/mobileDone\?tool=.+&task=/);
      await page.getByText('正在生成').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => {
        const bar = document.querySelector('.hj-task [role="progressbar"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        return value > 5 && value < 95;
      });
      // The bar's filled width is the number printed beside it (measured, within a pixel).
      const shown = await page.evaluate(() => {
        const bar = document.querySelector<HTMLElement>('.hj-task__bar')!;
        const fill = bar.querySelector<HTMLElement>('.hj-task__fill')!;
        const text = document.querySelector('[data-testid="task-percent"]')!.textContent!;
        return {
          ratio: (fill.getBoundingClientRect().width / bar.getBoundingClientRect().width) * 100,
          width: bar.getBoundingClientRect().width,
          number: Number(text.replace('%', '')),
        };
      });
      assert.ok(
        Math.abs(shown.ratio - shown.number) <= (100 / shown.width) * 1.5,
        `bar ${shown.ratio.toFixed(1)}% vs ${shown.number}%`,
      );
      await page.getByText(/已用时 \d\d:\d\d/).waitFor();
      await assertNoSideScroll(page, '/mobileDone running');
      await shoot(page, 'mobileDone-progress-phone');
      // Held while it runs.
      const held = (await apiGet(page, '/api/ai/totalTicket?type=1')).data as number;
      assert.equal(held, before - tool.price);

      // Cancel asks once, then says it is done and where the tickets went.
      await page.getByRole('button', { name: /取消任务/ }).click();
      await page.getByRole('button', { name: '确定取消' }).click();
      await page.getByText('任务已取消').waitFor();
      await page.getByText(/预扣的次数已全部退回到「通用次数」/).waitFor();
      assert.equal((await apiGet(page, '/api/ai/totalTicket?type=1')).data, before);
      // The run stays in history as 已取消, no longer vanishing.
      const listed = (await apiGet(page, `/api/ai/getTaskList?toolId=${tool.id}`)).data as {
        list: { status: string }[];
      };
      assert.equal(listed.list[0]?.status, 'canceled');
      await shoot(page, 'mobileDone-canceled-phone');
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await render.stop();
      await comfy.close();
    }
  });
});
