import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { classifyGroups, flattenClassify, type ClassifyNode } from '@huijing/contracts';
import {
  allTools,
  generativeCapabilities,
  toolForRoute,
  toolVerb,
  type ToolDefinition,
} from '@huijing/tools';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { desktop, desktopUA, launch, newPage } from '../support/browser';
import { startComfyUiDouble, type ComfyUiDouble } from '../support/doubles';
import { apiSignIn, startServer, type RunningServer } from '../support/server';

/**
 * "Done when": every render family runs end to end on the built app against the ComfyUI
 * protocol double (real HTTP + WebSocket), and without an engine every render tool says why it
 * cannot start and takes nothing while a local tool still runs.
 */

/** Spec §2 routes of the render families, in the order a designer meets them on the home page. */
const FAMILY_ROUTES = [
  ['home decoration', '/indoorRenderNew'],
  ['gongzhuang', '/gongzhuangRender'],
  ['architecture', '/architecturalRender'],
  ['landscape', '/landscapeRender'],
  ["bird's-eye", '/birdsViewRender'],
  ['indoor', '/indoorRender'],
  ['indoor exterior', '/indoorExterior'],
  ['3D', '/3drender'],
] as const;
const families = FAMILY_ROUTES.map(([label, route]) => ({
  label,
  route,
  tool: toolForRoute(route)!,
}));
const SIGNUP = 40;
const NOT_CONFIGURED = /未配置/;
const SHOTS = path.resolve('e2e/screenshots');
const narrow = {
  viewport: { width: 390, height: 844 },
  userAgent: desktopUA,
  deviceScaleFactor: 2,
};

type Envelope<T> = { success: boolean; code: number; message: string; data: T };
type ToolInfo = { id: string; price: number; available: boolean; reason?: string };
type TaskInfo = { taskId: string; status: string; queueNum: number; progress: number };
const priceMap = (tools: ToolInfo[]) => new Map(tools.map((t) => [t.id, t.price]));

/** The real API with a session token, from the test process (a second designer's requests). */
const apiFor = (server: RunningServer, token: string) => {
  const call = async <T>(url: string, init: RequestInit = {}) => {
    const r = await fetch(server.url + url, {
      ...init,
      headers: { satoken: token, 'content-type': 'application/json', ...init.headers },
    });
    return { status: r.status, body: (await r.json()) as Envelope<T> };
  };
  return {
    get: <T>(url: string) => call<T>(url),
    post: <T>(url: string, body: unknown) =>
      call<T>(url, { method: 'POST', body: JSON.stringify(body) }),
  };
};
type Api = ReturnType<typeof apiFor>;

/** A signed-in designer who already answered the first-login questions (so no modal covers the page). */
const designer = async (server: RunningServer, phone: string) => {
  const token = await apiSignIn(server, phone);
  const api = apiFor(server, token);
  const edited = await api.post('/api/user/v1/user/edit', {
    profession: '室内设计师',
    interests: ['家装效果图', '建筑表现'],
  });
  assert.equal(edited.status, 200);
  return { token, api };
};

const imageDataUrl = async (file: string) =>
  `data:image/png;base64,${(await fs.promises.readFile(file)).toString('base64')}`;

/** A room-like picture with edges, so every render has structure to keep. */
const makeImage = async (file: string, wall: string, floor: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <rect width="100%" height="100%" fill="${wall}"/>
    <polygon points="0,1000 400,650 1200,650 1600,1000" fill="${floor}"/>
    <rect x="560" y="180" width="480" height="320" fill="#9cc3e6" stroke="#4b5563" stroke-width="14"/>
    <rect x="600" y="700" width="400" height="40" fill="#3f3f46"/>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
};

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const balanceOf = async (api: Api) =>
  (await api.get<number>('/api/ai/totalTicket?type=1')).body.data;

/** The browser's own session, so balance checks go through the same token the page uses. */
const pageApi = (server: RunningServer, page: Page) =>
  page
    .evaluate(() => localStorage.getItem('satoken') ?? '')
    .then((raw) => apiFor(server, raw.startsWith('"') ? (JSON.parse(raw) as string) : raw));

const upload = async (page: Page, file: string) => {
  await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(file);
  await page.locator('.hj-upload__preview img').first().waitFor();
};

const openTool = async (page: Page, server: RunningServer, tool: ToolDefinition, route: string) => {
  await page.goto(server.url + route);
  await page.getByRole('heading', { level: 1, name: tool.name['zh-CN'] }).waitFor();
  // The heading is drawn first by the page's plain frame; the form comes with the workspace.
  await page.locator('.hj-tool:not(.hj-tool-frame)').waitFor();
};

/**
 * A catalogue picker shows picture cards: each one a cover or a drawn swatch, the drawn ones
 * different from each other, and none wider than its column.
 */
const pictureCards = async (page: Page, param: string) => {
  await page.locator(`[data-param="${param}"] [role="radio"]`).first().waitFor();
  const cards = await page.locator(`[data-param="${param}"] [role="radio"]`).evaluateAll((els) =>
    els.map((el) => {
      const pic = el.querySelector('.hj-style-pick__pic')!;
      const box = el.getBoundingClientRect();
      return {
        swatch: el.getAttribute('data-swatch'),
        background: getComputedStyle(pic).backgroundImage,
        cover: pic.querySelector('img')?.getAttribute('src') ?? null,
        width: box.width,
        height: pic.getBoundingClientRect().height,
      };
    }),
  );
  assert.ok(cards.length > 2, `${param}: ${cards.length} cards`);
  for (const c of cards) {
    if (c.swatch === 'cover') assert.ok(c.cover, `${param}: a cover card shows its image`);
    else assert.match(c.background, /gradient/, `${param}: a drawn swatch`);
    assert.ok(c.height > 30 && c.width > 40, `${param}: a visible card ${c.width}×${c.height}`);
  }
  const drawn = cards.filter((c) => c.swatch === 'drawn').map((c) => c.background);
  assert.equal(new Set(drawn).size, drawn.length, `${param}: every drawn swatch is its own`);
};

/** cnStrength as the slider shows it (the number box mirrors the slider). */
const strengthShown = async (page: Page) =>
  Number(await page.locator('[data-param="cnStrength"] input[type=number]').inputValue());

/**
 * Records every progress value the task panel shows, however briefly. A string, because the test
 * runner's transpiler would wrap named functions in helpers the page does not have.
 */
const watchProgress = (page: Page) =>
  page.evaluate(`(() => {
    window.seen = [];
    new MutationObserver(() => {
      const bar = document.querySelector('.hj-task [aria-valuenow]');
      const v = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN;
      if (!Number.isNaN(v) && window.seen.at(-1) !== v) window.seen.push(v);
    }).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  })()`);
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: number[] }).seen);

/** A screenshot from the top of the page, as a designer lands on it, or of `at` in view. */
const shoot = async (page: Page, name: string, at?: string) => {
  if (at) await page.locator(at).first().scrollIntoViewIfNeeded();
  else await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: path.join(SHOTS, `render-${name}.png`) });
};

describe('render families on the ComfyUI protocol double', () => {
  let comfy: ComfyUiDouble;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let other: Api;
  let prices: Map<string, number>;
  const images = { room: '', facade: '' };

  before(async () => {
    // Slow enough steps that a poll sees a running render between 5 % and 95 %.
    comfy = await startComfyUiDouble({ knobs: { stepDelayMs: 300, maxSteps: 8 } });
    server = await startServer({
      COMFYUI_URL: comfy.url,
      // One render at a time, so a held prompt keeps later tasks queued behind it.
      TASK_CONCURRENCY_REMOTE: '1',
      SIGNUP_TICKETS: `1:${SIGNUP}`,
    });
    browser = await launch();
    fs.mkdirSync(SHOTS, { recursive: true });
    images.room = path.join(server.dataDir, 'room.png');
    images.facade = path.join(server.dataDir, 'facade.png');
    await makeImage(images.room, '#e9e4dc', '#b08d68');
    await makeImage(images.facade, '#d7dde4', '#6b7280');

    const tools = (await (await fetch(`${server.url}/api/ai/tools`)).json()) as Envelope<
      ToolInfo[]
    >;
    prices = priceMap(tools.data);
    for (const f of families)
      assert.equal(tools.data.find((t) => t.id === f.tool.id)?.available, true);

    other = (await designer(server, '13900000002')).api;
    // The designer signs in once (spec §2: a satoken query on first load) and keeps the context.
    const { token } = await designer(server, '13900000001');
    ({ context, page, errors } = await newPage(browser, desktop));
    await page.goto(`${server.url}/indoorRenderNew?satoken=${encodeURIComponent(token)}`);
    await page
      .getByTestId('price-line')
      .filter({ hasText: `剩余 ${SIGNUP} 次` })
      .waitFor();
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await comfy?.close();
  });

  /**
   * Another designer's two renders hold the single ComfyUI slot (the double is paused), so the
   * next task waits with one task ahead of it.
   */
  const occupyQueue = async () => {
    comfy.knobs.paused = true;
    const image = await other.post<{ fileId: string }>('/api/upload', {
      image: await imageDataUrl(images.room),
    });
    const start = () =>
      other.post<{ taskId: string }>('/api/ai/startTask', {
        toolId: 'home-decoration',
        inputs: { upload_img: image.body.data.fileId },
      });
    const first = (await start()).body.data.taskId;
    await waitFor('the first render to reach ComfyUI', async () =>
      comfy.received.prompts.some((p) => p.extra_data.huijing_task_id === first) ? true : undefined,
    );
    const second = (await start()).body.data.taskId;
    return { first, second };
  };
  const freeQueue = async (held: { first: string; second: string }) => {
    for (const id of [held.second, held.first]) {
      const r = await other.get<null>(`/api/ai/delTaskByTaskId?taskId=${id}`);
      assert.equal(r.status, 200);
    }
  };

  for (const family of families) {
    test(`${family.label} (${family.route}): upload, defaults, queue, progress, result, compare, download, price`, async () => {
      const { tool, route } = family;
      const price = prices.get(tool.id)!;
      const api = await pageApi(server, page);
      const balanceBefore = await balanceOf(api);
      await openTool(page, server, tool, route);
      const first = route === FAMILY_ROUTES[0][1];
      if (first) await shoot(page, 'empty-desktop');

      await upload(page, images.room);
      // Spec §9: cnStrength 0.75, and 0.7 on the indoor exterior.
      assert.equal(await strengthShown(page), route === '/indoorExterior' ? 0.7 : 0.75);
      const priceLine = page.getByTestId('price-line');
      await priceLine.filter({ hasText: `消耗 ${price} 次 · 剩余 ${balanceBefore} 次` }).waitFor();
      if (first) await shoot(page, 'with-image-desktop');

      // Pick another style from the catalogue, to find it in the prompt; the indoor exterior
      // has no style, and its catalogue default (the first window view) must reach the prompt.
      const styleCards = page.locator('[data-param="style"] [role="radio"]');
      let pickedName: string;
      if ((await styleCards.count()) > 0) {
        await pictureCards(page, 'style');
        await pictureCards(page, 'space');
        // A click, then the arrow key: the radio group moves the choice and the focus.
        await styleCards.nth(1).click();
        await page.keyboard.press('ArrowRight');
        const picked = page.locator('[data-param="style"] [role="radio"][aria-checked="true"]');
        pickedName = (await picked.innerText()).trim();
        assert.equal(pickedName, (await styleCards.nth(2).innerText()).trim());
        assert.equal(
          await picked.evaluate((el) => el === document.activeElement),
          true,
          'the chosen card has the focus',
        );
        if (first) await shoot(page, 'form-desktop', '[data-param="style"]');
      } else {
        pickedName = (
          await page
            .locator('[data-param="environment"] [role="radio"][aria-checked="true"]')
            .innerText()
        ).trim();
      }

      const held = await occupyQueue();
      await watchProgress(page);
      await page.getByRole('button', { name: new RegExp(toolVerb(tool)['zh-CN']) }).click();
      // The position comes from the server: one task queued ahead, one running.
      await page.getByText('前面还有 1 个任务').waitFor();
      await priceLine.filter({ hasText: `剩余 ${balanceBefore - price} 次` }).waitFor();
      const mine = await waitFor('the task in the history', async () => {
        const list = await api.get<{ list: { taskId: string }[] }>(
          `/api/ai/getTaskList?toolId=${tool.id}`,
        );
        return list.body.data.list[0]?.taskId;
      });
      assert.equal(
        (await api.get<TaskInfo>(`/api/ai/getTaskByTaskId?taskId=${mine}`)).body.data.queueNum,
        1,
      );
      if (first) await shoot(page, 'queued-desktop');

      // The other designer gives up: our task is sent to ComfyUI (still paused) and runs.
      await freeQueue(held);
      await page.locator('.hj-task').getByText('正在生成').waitFor();
      if (first) await shoot(page, 'running-desktop');
      comfy.resume();

      await page.locator('.hj-result').waitFor({ timeout: 30_000 });
      const seen = await progressSeen(page);
      assert.ok(
        seen.some((p) => p > 5 && p < 100),
        `progress between 5 and 100 was shown: ${seen.join(',')}`,
      );
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.hj-compare__img')).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );

      // The prompt ComfyUI received names the picked style (prompt composition, docs/tasks.md).
      const sent = comfy.received.prompts.find((p) => p.extra_data.huijing_task_id === mine);
      assert.ok(sent, 'our task reached ComfyUI');
      const texts = Object.values(sent.prompt)
        .filter((n) => n.class_type === 'CLIPTextEncode')
        .map((n) => String(n.inputs.text));
      assert.ok(
        texts.some((t) => t.includes(pickedName)),
        `${pickedName} in ${texts.join(' | ')}`,
      );
      for (const t of texts) assert.doesNotMatch(t, /\bauto\b/);

      // Before/after: dragging the handle moves the split.
      const compare = page.getByRole('slider', { name: '拖动对比原图与效果图' });
      await page.locator('.hj-compare').scrollIntoViewIfNeeded();
      const box = (await page.locator('.hj-compare').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      const split = Number(await compare.getAttribute('aria-valuenow'));
      assert.ok(split > 10 && split < 30, `split moved to ${split}`);
      if (first) await shoot(page, 'result-desktop');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('link', { name: /下载 PNG/ })
          .or(page.getByRole('button', { name: /下载 PNG/ }))
          .first()
          .click(),
      ]);
      assert.match(download.suggestedFilename(), /\.png$/);
      const bytes = await fs.promises.readFile((await download.path())!);
      assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

      // Captured exactly once: the balance dropped by the tool's price, on the API and the page.
      assert.equal(await balanceOf(api), balanceBefore - price);
      await priceLine.filter({ hasText: `剩余 ${balanceBefore - price} 次` }).waitFor();
      assert.deepEqual(errors, []);
    });
  }

  test('a fresh /indoorExterior starts on the first window view of the catalogue (group 6)', async () => {
    const tree = (await (await fetch(`${server.url}/api/ai/getAllClassify`)).json()) as Envelope<
      ClassifyNode[]
    >;
    const firstView = flattenClassify(tree.data[classifyGroups['window-view']]!)[0]!;
    const { page: fresh, context: ctx } = await newPage(browser, desktop);
    try {
      const tool = toolForRoute('/indoorExterior')!;
      await openTool(fresh, server, tool, '/indoorExterior');
      await fresh
        .locator('[data-param="environment"] [role="radio"][aria-checked="true"]', {
          hasText: firstView.name,
        })
        .waitFor();
      await pictureCards(fresh, 'environment');
      assert.equal(await strengthShown(fresh), 0.7);
    } finally {
      await ctx.close();
    }
  });

  test('switching architecture → landscape → architecture keeps each family’s inputs, also after reload', async () => {
    const arch = toolForRoute('/architecturalRender')!;
    const land = toolForRoute('/landscapeRender')!;
    const srcOf = () => page.locator('.hj-upload__preview img').first().getAttribute('src');
    const setStrength = async (value: string) => {
      const box = page.locator('[data-param="cnStrength"] input[type=number]');
      await box.fill(value);
      await box.press('Tab');
      assert.equal(await strengthShown(page), Number(value));
    };

    await openTool(page, server, arch, '/architecturalRender');
    await upload(page, images.facade);
    await setStrength('0.5');
    const archImage = await srcOf();

    await openTool(page, server, land, '/landscapeRender');
    await upload(page, images.room);
    await setStrength('0.9');
    const landImage = await srcOf();
    assert.notEqual(landImage, archImage);

    const expectKept = async () => {
      await openTool(page, server, arch, '/architecturalRender');
      await page.locator('.hj-upload__preview img').first().waitFor();
      assert.equal(await srcOf(), archImage);
      assert.equal(await strengthShown(page), 0.5);
      await openTool(page, server, land, '/landscapeRender');
      await page.locator('.hj-upload__preview img').first().waitFor();
      assert.equal(await srcOf(), landImage);
      assert.equal(await strengthShown(page), 0.9);
    };
    // In-app navigation (breadcrumb → function list → card), then full loads of each page.
    await page.locator('.hj-tool__crumb a').click();
    await page
      .getByRole('link', { name: new RegExp(arch.name['zh-CN']) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: arch.name['zh-CN'] }).waitFor();
    assert.equal(await strengthShown(page), 0.5);
    await expectKept();
    await page.reload();
    await expectKept();
    assert.deepEqual(errors, []);
  });

  test('the tool page at 390×844: the last result, no horizontal overflow', async () => {
    const token = await page.evaluate(() => localStorage.getItem('satoken') ?? '');
    // A 390 px wide desktop window: a phone's user agent is sent to /mobileHome (spec §2).
    const { page: phone, context: ctx } = await newPage(browser, narrow);
    try {
      await phone.addInitScript((t) => localStorage.setItem('satoken', t), token);
      const tool = toolForRoute('/indoorRenderNew')!;
      await openTool(phone, server, tool, '/indoorRenderNew');
      await shoot(phone, 'form-mobile');
      await pictureCards(phone, 'style');
      await phone.locator('[data-param="style"] input').fill('奶油');
      await phone
        .locator('[data-param="style"] [role="radio"]', { hasText: '奶油风' })
        .first()
        .click();
      await shoot(phone, 'picker-mobile', '[data-param="style"]');
      await phone.locator('[data-param="promptTxt"] button', { hasText: '午后斜阳' }).click();
      assert.match(
        await phone.locator('[data-param="promptTxt"] textarea').inputValue(),
        /午后斜阳$/,
      );
      await shoot(phone, 'prompt-mobile', '[data-param="promptTxt"]');
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
      await phone.locator('.hj-tool__stage').scrollIntoViewIfNeeded();
      await phone.locator('.hj-history__item').first().click();
      await phone.locator('.hj-result').waitFor();
      await shoot(phone, 'result-mobile', '.hj-result');
    } finally {
      await ctx.close();
    }
  });
});

describe('render families with no AI engine configured', () => {
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    server = await startServer({ SIGNUP_TICKETS: `1:${SIGNUP}` });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('each render tool says why it cannot start and takes no ticket; a local tool still runs', async () => {
    const { token, api } = await designer(server, '13900000003');
    const tools = (await api.get<ToolInfo[]>('/api/ai/tools')).body.data;
    const file = path.join(server.dataDir, 'room.png');
    await makeImage(file, '#e9e4dc', '#b08d68');
    const image = await api.post<{ fileId: string }>('/api/upload', {
      image: await imageDataUrl(file),
    });

    for (const { tool } of families) {
      const info = tools.find((t) => t.id === tool.id)!;
      assert.equal(info.available, false, tool.id);
      assert.match(info.reason ?? '', NOT_CONFIGURED, tool.id);
      const refused = await api.post('/api/ai/startTask', {
        toolId: tool.id,
        inputs: { upload_img: image.body.data.fileId },
      });
      assert.equal(refused.status, 503, tool.id);
      assert.equal(refused.body.code, 50301, tool.id);
    }
    // Beyond the eight families: every generative tool says why, every classical one is ready.
    for (const tool of allTools) {
      const info = tools.find((t) => t.id === tool.id)!;
      const generative = (generativeCapabilities as readonly string[]).includes(tool.capability);
      assert.equal(info.available, !generative, tool.id);
      if (generative) assert.match(info.reason ?? '', NOT_CONFIGURED, tool.id);
    }
    assert.equal(await balanceOf(api), SIGNUP);
    const none = await api.get<{ total: number }>('/api/ai/getTaskList?family=render');
    assert.equal(none.body.data.total, 0);

    const { page, context, errors } = await newPage(browser, desktop);
    try {
      await page.goto(`${server.url}/?satoken=${encodeURIComponent(token)}`);
      for (const { tool, route } of families) {
        await openTool(page, server, tool, route);
        await page.getByTestId('tool-pending').waitFor();
        await page.locator('.hj-tool-start__reason', { hasText: /正在接入 AI 引擎/ }).waitFor();
        assert.equal(await page.getByRole('button', { name: /暂未开通/ }).isDisabled(), true);
      }
      await shoot(page, 'unavailable-desktop');

      // A local-engine tool on the same server runs end to end and is charged.
      const toLine = toolForRoute('/toline')!;
      await openTool(page, server, toLine, '/toline');
      await upload(page, file);
      const start = page.getByRole('button', { name: /开始转线稿/ });
      await page.waitForFunction(
        () => !document.querySelector<HTMLButtonElement>('.hj-tool-start button')?.disabled,
      );
      await start.click();
      await page.locator('.hj-result').waitFor({ timeout: 60_000 });
      assert.equal(await balanceOf(api), SIGNUP - priceMap(tools).get(toLine.id)!);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
