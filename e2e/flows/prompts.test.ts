import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { desktop, desktopUA, launch, newPage } from '../support/browser';
import { startOpenAiChatDouble, type OpenAiChatDouble } from '../support/doubles';
import { apiDesigner, type RunningServer, startServer } from '../support/server';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
const phoneView = { viewport: { width: 390, height: 844 }, userAgent: desktopUA };

const answer = {
  zh: '奶油风客厅，奶白色墙面与弧形沙发，浅橡木地板，大面积落地窗，午后柔和自然光，广角平视构图，写实渲染，高细节',
  en: 'cream style living room, off-white walls, curved sofa, light oak floor, floor-to-ceiling windows, soft afternoon daylight, wide angle eye level, photorealistic, architectural visualization, high detail, 8k',
  tags: ['奶油风', '落地窗', '自然光'],
};

let browser: Browser;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name) });
const noOverflow = async (page: Page) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
};

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('prompt tools without a language model', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ LLM_GPT_BASE_URL: '', LLM_GEMINI_BASE_URL: '' });
  });
  after(async () => {
    await server?.stop();
  });

  test('both pages say so up front and offer nothing to start', async () => {
    for (const [route, name] of [
      ['/text2prompt', 'text2prompt-unconfigured'],
      ['/img2prompt', 'img2prompt-unconfigured'],
    ] as const) {
      const { page, errors } = await newPage(browser, desktop);
      await page.goto(server.url + route);
      await page.getByText('提示词工具暂未开通').waitFor();
      await page.getByText(/尚未接入语言模型/).waitFor();
      const start = page.getByRole('button', { name: /生成|反推|登录后生成/ });
      assert.equal(await start.isDisabled(), true, `${route}: start is disabled`);
      assert.equal(await page.locator('footer').count(), 0, 'no footer (spec §2)');
      await shot(page, `${name}-desktop.png`);
      assert.deepEqual(errors, []);
    }
    const { page } = await newPage(browser, phoneView);
    await page.goto(`${server.url}/text2prompt`);
    await page.getByText('提示词工具暂未开通').waitFor();
    await noOverflow(page);
    await shot(page, 'text2prompt-unconfigured-mobile.png');
  });
});

describe('prompt tools through the chat completions API', () => {
  let server: RunningServer;
  let chat: OpenAiChatDouble;
  let token: string;
  before(async () => {
    chat = await startOpenAiChatDouble({
      reply: { content: JSON.stringify(answer) },
      reasoningVia: 'none',
      delayMs: 30,
    });
    server = await startServer({
      LLM_GPT_BASE_URL: chat.url,
      LLM_GPT_API_KEY: chat.apiKey,
      LLM_GPT_MODEL: 'gpt-e2e',
    });
    // Each test opens its own page; none may depend on another having answered the dialog.
    token = await apiDesigner(server, '13812346602');
  });
  after(async () => {
    await server?.stop();
    await chat?.close();
  });

  test('text to prompt, then "使用这个提示词" lands in the text-to-image prompt box', async () => {
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/text2prompt?satoken=${encodeURIComponent(token)}`);

    await page.getByRole('heading', { level: 1, name: '文本优化提示词' }).waitFor();
    await shot(page, 'text2prompt-empty-desktop.png');
    await page.getByRole('button', { name: '奶油风客厅，落地窗，午后阳光' }).click();
    const before = chat.received.length;
    await page.getByRole('button', { name: /生成提示词/ }).click();
    await page.getByTestId('prompt-zh').filter({ hasText: answer.zh }).waitFor();
    await page.getByTestId('prompt-en').filter({ hasText: answer.en }).waitFor();
    await page.getByText('奶油风', { exact: true }).waitFor();
    const sent = chat.received.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.body.model, 'gpt-e2e');
    assert.equal(sent[0]!.body.messages.at(-1)!.content, '奶油风客厅，落地窗，午后阳光');
    await shot(page, 'text2prompt-result-desktop.png');

    await page.getByRole('button', { name: /使用这个提示词/ }).click();
    await page.waitForURL(/\/text2Img(\?|$)/);
    const box = page.locator('textarea').first();
    await box.waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('textarea')?.value === text,
      answer.zh,
    );
    assert.doesNotMatch(page.url(), /prompt=/, 'the prompt leaves the address once used');
    await shot(page, 'text2prompt-used-in-tool-desktop.png');
    assert.deepEqual(errors, []);
  });

  test('image to prompt: upload, describe, English variant into a tool', async () => {
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/img2prompt?satoken=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { level: 1, name: '图片反推提示词' }).waitFor();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <rect width="100%" height="100%" fill="#efe6da"/>
      <rect x="380" y="120" width="440" height="300" fill="#a9cbe8"/>
      <rect x="300" y="520" width="600" height="120" rx="40" fill="#d8c3a5"/>
    </svg>`;
    const file = path.join(server.dataDir, 'reference.png');
    await sharp(Buffer.from(svg)).png().toFile(file);
    await page.getByTestId('prompt-image-input').setInputFiles(file);
    await page.getByRole('img', { name: '参考图预览' }).waitFor();
    await page.getByText('建筑', { exact: true }).click();
    const before = chat.received.length;
    await page.getByRole('button', { name: /反推提示词/ }).click();
    await page.getByTestId('prompt-zh').filter({ hasText: answer.zh }).waitFor();
    const sent = chat.received.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.images.length, 1);
    assert.match(sent[0]!.images[0]!, /^data:image\/jpeg;base64,/);
    assert.match(String(sent[0]!.body.messages[0]!.content), /建筑外观/);
    await shot(page, 'img2prompt-result-desktop.png');

    await page.getByText('English', { exact: true }).click();
    await page.getByRole('button', { name: /使用这个提示词/ }).click();
    await page.waitForURL(/\/text2Img/);
    await page.waitForFunction(
      (text) => document.querySelector('textarea')?.value === text,
      answer.en.slice(0, 1000),
    );
    assert.deepEqual(errors, []);
  });

  test('phone width: the answer stacks under the input without overflow', async () => {
    const { page, errors } = await newPage(browser, phoneView);
    await page.goto(`${server.url}/text2prompt?satoken=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { level: 1, name: '文本优化提示词' }).waitFor();
    await page.getByRole('textbox').first().fill('新中式茶室，竹帘');
    await page.getByRole('button', { name: /生成提示词/ }).click();
    await page.getByTestId('prompt-zh').waitFor();
    await noOverflow(page);
    await shot(page, 'text2prompt-result-mobile.png');
    await page.getByTestId('prompt-zh').scrollIntoViewIfNeeded();
    await shot(page, 'text2prompt-result-mobile-scrolled.png');
    assert.deepEqual(errors, []);
  });
});
