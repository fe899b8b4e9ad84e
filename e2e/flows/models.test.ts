import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { desktop, dialogSettled, launch, newPage, screenshotPath } from '../support/browser';
import { startComfyUiDouble, type ComfyUiDouble } from '../support/doubles';
import { apiDesigner, type RunningServer, startServer } from '../support/server';

/**
 * Model training in the browser against the ComfyUI protocol double: twelve pictures dropped on
 * /modelTrain, the doctor's findings, start; live progress on /modelTraining until the samples
 * and loss graph show; then the model picked on /indoorRender (使用此模型) and a render whose
 * graph carries the LoraLoader. Screens at 1440×900 and 390×844.
 */
const PHONE = '13812347015';

let server: RunningServer;
let comfy: ComfyUiDouble;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
const pictures: string[] = [];

const shoot = (name: string) => page.screenshot({ path: screenshotPath(`${name}.png`) });

/** Random colour blocks: distinct to the doctor's perceptual hash, like real photos are. */
const distinct = (file: string, width: number, height: number) =>
  sharp(randomBytes(8 * 8 * 3), { raw: { width: 8, height: 8, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .jpeg({ quality: 85 })
    .toFile(file);

const narrow = async (body: () => Promise<unknown>) => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await body();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, 'no horizontal overflow at 390 px');
  } finally {
    await page.setViewportSize(desktop.viewport);
  }
};

before(async () => {
  comfy = await startComfyUiDouble({ knobs: { stepDelayMs: 120, maxSteps: 30 } });
  server = await startServer({ COMFYUI_URL: comfy.url, SIGNUP_TICKETS: '1:80' });
  browser = await launch();
  for (let i = 0; i < 12; i++) {
    const file = path.join(server.dataDir, `room-${i}.jpg`);
    await distinct(file, i % 2 ? 1024 : 900, i % 2 ? 768 : 900);
    pictures.push(file);
  }
  token = await apiDesigner(server, PHONE);
  ({ context, page, errors } = await newPage(browser, desktop));
  await page.goto(`${server.url}/modelsquare?satoken=${encodeURIComponent(token)}`);
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await comfy?.close();
});

describe('model training', () => {
  let modelId = '';

  test('uploads twelve pictures on /modelTrain, sees the doctor, and starts', async () => {
    await page.goto(`${server.url}/modelTrain`);
    await page.getByRole('heading', { level: 1, name: '训练专属模型' }).waitFor();
    await page.getByRole('radio', { name: /室内风格/ }).click();
    await page.locator('.hj-models-dataset input[type="file"]').setInputFiles(pictures);
    await page.getByTestId('picture-count').filter({ hasText: '已上传 12 张' }).waitFor({
      timeout: 30_000,
    });
    const doctor = page.getByTestId('doctor');
    await doctor.getByText('12 张图片可以用于训练').waitFor({ timeout: 30_000 });
    assert.match(await doctor.innerText(), /1:1 · 1024×1024 × 6/);
    assert.match(await doctor.innerText(), /4:3 · 1152×896 × 6/);
    await page.getByTestId('model-name').fill('原木客厅');
    assert.match(await page.getByTestId('train-price').innerText(), /30 次通用次数/);

    // Training is a member perk: 开通会员 opens the VIP plans; a sandbox payment unlocks it.
    await page.getByText('模型训练为会员专享权益').waitFor();
    assert.equal(await page.getByRole('button', { name: '开始训练' }).count(), 0);
    await shoot('models-train-vip-desktop');
    await narrow(async () => {
      await page.locator('.hj-models-vip').scrollIntoViewIfNeeded();
      await shoot('models-train-vip-mobile');
    });
    await page.locator('.hj-models-start').getByRole('button', { name: '开通会员' }).click();
    const modal = page.getByRole('dialog', { name: '充值中心' });
    await modal.getByText('该功能为会员专享，开通会员后即可使用').waitFor();
    await modal.locator('[data-product-id="vip-month"]').click();
    await dialogSettled(page);
    await shoot('models-train-vip-modal-desktop');
    await modal.getByRole('button', { name: '立即支付' }).click();
    await modal.getByRole('button', { name: '模拟支付成功' }).click();
    await modal.getByRole('button', { name: '完成' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '开始训练' }).waitFor();
    assert.equal(await page.getByText('模型训练为会员专享权益').count(), 0);
    await shoot('models-train-desktop');
    await narrow(async () => {
      await page.getByTestId('doctor').scrollIntoViewIfNeeded();
      await shoot('models-train-mobile');
    });
    await page.getByRole('button', { name: '开始训练' }).click();
    await page.waitForURL(/\/modelTraining\?id=/);
    modelId = new URL(page.url()).searchParams.get('id')!;
    assert.ok(modelId);
  });

  test('/modelTraining shows live progress, then the samples and the loss graph', async () => {
    const detail = page.getByTestId('model-detail');
    await detail.waitFor();
    // Progress moves while the double trains (30 steps × 120 ms).
    await page.waitForFunction(
      () => {
        const v = document
          .querySelector(
            '[data-testid="train-progress"] [role="progressbar"], [data-testid="train-progress"]',
          )
          ?.textContent?.match(/(\d+)%/);
        return v !== null && v !== undefined && Number(v[1]) > 5 && Number(v[1]) < 100;
      },
      undefined,
      { timeout: 30_000 },
    );
    await shoot('models-training-progress-desktop');
    await page.locator('[data-testid="model-detail"][data-status="succeeded"]').waitFor({
      timeout: 60_000,
    });
    await page.getByRole('heading', { name: '样张' }).waitFor();
    await page.getByRole('img', { name: '损失曲线' }).waitFor();
    await shoot('models-training-done-desktop');
    await narrow(async () => {
      await page.getByText('训练图片（12 张）').waitFor();
      await shoot('models-training-mobile');
    });
  });

  test('使用此模型 opens /indoorRender with the model picked, and the render loads the LoRA', async () => {
    await page.getByRole('link', { name: '使用此模型' }).click();
    await page.waitForURL(/\/indoorRender/);
    const picker = page.getByTestId('model-picker');
    await picker.getByText('原木客厅').waitFor();
    await picker.getByText(/触发词 \w+ 会自动加到提示词前/).waitFor();
    await shoot('models-picker-desktop');
    const room = path.join(server.dataDir, 'render-room.jpg');
    await distinct(room, 1200, 900);
    await page.locator('input[type="file"]').first().setInputFiles(room);
    await page
      .getByRole('button', { name: /开始渲染|开始生成|立即生成|开始/ })
      .first()
      .click();
    const deadline = Date.now() + 30_000;
    while (!comfy.received.prompts.some((p) => JSON.stringify(p.prompt).includes('LoraLoader'))) {
      assert.ok(Date.now() < deadline, 'a render with the LoraLoader reached ComfyUI');
      await new Promise((r) => setTimeout(r, 200));
    }
    const sent = comfy.received.prompts.find((p) =>
      JSON.stringify(p.prompt).includes('LoraLoader'),
    )!;
    const lora = Object.values(sent.prompt).find((n) => n.class_type === 'LoraLoader')!;
    assert.match(
      String(lora.inputs.lora_name),
      new RegExp(`^huijing/${modelId}_\\d+_steps_00001_`),
    );
    await narrow(async () => {
      await page.getByTestId('model-picker').scrollIntoViewIfNeeded();
      await shoot('models-picker-mobile');
    });
  });

  test('a training finishes on /modelTraining when only the event stream can say so (every poll answers "running")', async () => {
    // The polls of the list and the detail are made useless: every model in them stays running.
    const pattern = '**/api/model/train/**';
    await page.route(pattern, async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as {
        data: { status?: string; list?: Record<string, unknown>[] } | null;
      };
      const running = { status: 'running', progress: 10, finishedAt: null };
      if (body.data?.status) Object.assign(body.data, running);
      for (const m of body.data?.list ?? []) Object.assign(m, running);
      await route.fulfill({ response: real, json: body });
    });
    try {
      const post = (url: string, body: unknown) =>
        fetch(`${server.url}${url}`, {
          method: 'POST',
          headers: { satoken: token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ data: Record<string, string> }>);
      const images: string[] = [];
      for (const file of pictures.slice(0, 10)) {
        const data = fs.readFileSync(file).toString('base64');
        images.push(
          (await post('/api/upload', { image: `data:image/jpeg;base64,${data}` })).data.fileId!,
        );
      }
      const started = await post('/api/model/train', {
        name: '推送客厅',
        domain: 'interior-style',
        images,
      });
      const id = started.data.id;
      assert.ok(id, JSON.stringify(started));
      await page.goto(`${server.url}/modelTraining?id=${id}`);
      await page.locator('[data-testid="model-detail"][data-status="succeeded"]').waitFor({
        timeout: 60_000,
      });
      // The list's item too, from the same events.
      await page
        .getByTestId('model-item')
        .filter({ hasText: '推送客厅' })
        .getByText('已完成')
        .waitFor({ timeout: 10_000 });
    } finally {
      await page.unroute(pattern);
    }
  });

  test('/modelsquare lays out at both sizes', async () => {
    await page.goto(`${server.url}/modelsquare`);
    await page.getByRole('heading', { level: 1, name: '模型广场' }).waitFor();
    await shoot('models-square-desktop');
    await narrow(() => shoot('models-square-mobile'));
    assert.deepEqual(
      errors.filter((e) => !/Failed to load resource/.test(e)),
      [],
    );
  });
});

fs.mkdirSync(path.dirname(screenshotPath('x')), { recursive: true });
