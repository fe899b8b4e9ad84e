import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { desktop, launch, mobile, newPage, screenshotPath } from '../support/browser';
import { publishPicture, runToLine, uploadRoom } from '../support/gallery';
import {
  apiSignIn,
  apiSkipInterest,
  type RunningServer,
  startServer,
  userApi,
} from '../support/server';

const PROJECT = '万科城 三室两厅';

let server: RunningServer;
let browser: Browser;
let author: string;
let fan: string;
const pics: Record<'living' | 'bedroom' | 'study', string> = { living: '', bedroom: '', study: '' };

type Collection = { id: string; name: string; isDefault: boolean; cover: string | null };

before(async () => {
  server = await startServer({ GALLERY_NSFW_CHECK: 'off', SMS_IP_CAPTCHA_AFTER: '10' });
  browser = await launch();
  author = await apiSignIn(server, '13800003301');
  fan = await apiSignIn(server, '13800003302');
  await apiSkipInterest(server, author);
  await apiSkipInterest(server, fan);
  pics.living = (await publishPicture(server, author, { title: '客厅全景', project: PROJECT })).id;
  pics.bedroom = (
    await publishPicture(server, author, { title: '主卧', project: PROJECT, hue: 200 })
  ).id;
  pics.study = (await publishPicture(server, author, { title: '书房', hue: 120 })).id;
  for (const id of Object.values(pics)) {
    await userApi(server, fan)(`/api/image/waterfall/collect?id=${id}`, { method: 'POST' });
  }
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const fanApi = <T>(url: string) => userApi(server, fan)<T>(url);
const inCollection = async (id: string) =>
  (await fanApi<{ list: { id: string }[] }>(`/api/image/waterfall/page?collectionId=${id}`)).list
    .map((i) => i.id)
    .sort();
// antd's zoom-in of a dialog (dialogSettled waits on every animation in the modal root, and a
// button's focus wave there keeps one running here).
const settle = (page: Page) => page.waitForTimeout(500);

describe('community: collection management and cases', () => {
  test('a designer creates, fills, edits, targets and deletes a collection', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/casemineByCollect?satoken=${encodeURIComponent(fan)}`);
    await page.getByRole('button', { name: '新建合集' }).click();
    await settle(page);
    let dialog = page.getByRole('dialog', { name: '新建合集' });
    await dialog.getByLabel('合集名称').fill('客厅灵感');
    await dialog.getByLabel('合集简介').fill('暖色调的客厅');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.locator('.hj-collection', { hasText: '客厅灵感' }).waitFor();
    const box = (await fanApi<Collection[]>('/api/image/collections')).find(
      (c) => c.name === '客厅灵感',
    )!;

    // Move two pictures out of 默认收藏 into the new collection.
    await page.locator('.hj-collection', { hasText: '默认收藏' }).click();
    await page.waitForURL(/\/insHomeByCollect\//);
    await page.getByRole('button', { name: '管理图片' }).click();
    let panel = page.getByTestId('manage-panel');
    await panel.getByRole('heading', { name: '管理「默认收藏」中的图片' }).waitFor();
    await panel.getByTestId('manage-picture').nth(2).waitFor();
    await panel.getByLabel('客厅全景').check();
    await panel.getByLabel('主卧').check();
    await panel.getByText('已选 2 张').waitFor();
    await panel.getByRole('combobox', { name: '移动到合集' }).click();
    await page.locator('.ant-select-item-option', { hasText: '客厅灵感' }).click();
    await panel.getByRole('button', { name: /^移\s?动$/ }).click();
    await page.getByText('已将 2 张图片移到「客厅灵感」').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=manage-picture]').length === 1,
    );
    assert.deepEqual(await inCollection(box.id), [pics.living, pics.bedroom].sort());
    await panel.getByRole('button', { name: /^完\s?成$/ }).click();
    await panel.waitFor({ state: 'hidden' });

    // Rename, describe, make private; set the cover; take one picture out.
    await page.goto(`${server.url}/insHomeByCollect/${box.id}`);
    await page.getByText('暖色调的客厅').waitFor();
    await page.getByRole('button', { name: '编辑合集' }).click();
    await settle(page);
    dialog = page.getByRole('dialog', { name: '编辑合集' });
    await dialog.getByLabel('合集名称').fill('暖色客厅');
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByRole('heading', { level: 1, name: '暖色客厅' }).waitFor();
    await page.getByText('私密').first().waitFor();

    await page.getByRole('button', { name: '管理图片' }).click();
    panel = page.getByTestId('manage-panel');
    await panel.getByRole('heading', { name: '管理「暖色客厅」中的图片' }).waitFor();
    await panel.getByLabel('主卧').check();
    await panel.getByRole('button', { name: '设为封面' }).click();
    await page.getByText('封面已更新').waitFor();
    await panel.getByLabel('客厅全景').check();
    await panel.getByRole('button', { name: '移出合集' }).click();
    await settle(page);
    await page.getByText('将把所选的 1 张图片移出「暖色客厅」并取消收藏').waitFor();
    await page.getByRole('button', { name: '确认移出' }).click();
    await page.getByText('已移出 1 张图片').waitFor();
    await page.screenshot({ path: screenshotPath('community-collection-manage-desktop.png') });
    assert.deepEqual(await inCollection(box.id), [pics.bedroom]);
    const bedroom = await fanApi<{ url: string }>(`/api/image/${pics.bedroom}`);
    const renamed = (await fanApi<Collection[]>('/api/image/collections')).find(
      (c) => c.id === box.id,
    )!;
    assert.ok(renamed.cover?.startsWith(bedroom.url), `${renamed.cover} is the bedroom`);
    await panel.getByRole('button', { name: /^完\s?成$/ }).click();
    await panel.waitFor({ state: 'hidden' });

    // Hearts go to the chosen collection on this device (spec §3 defaultCollect).
    await page.getByRole('button', { name: '设为默认收藏位置' }).click();
    await page.getByText('收藏默认存入此合集').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('defaultCollect'));
    assert.equal(JSON.parse(stored!).collectionId, box.id);
    await page.goto(`${server.url}/findPage?sort=new`);
    const card = page.locator(`[data-testid=gallery-card][data-id="${pics.living}"]`);
    await card.getByTestId('gallery-heart').click();
    await card.locator('[aria-pressed=true]').waitFor();
    await page.waitForTimeout(300);
    assert.deepEqual(await inCollection(box.id), [pics.living, pics.bedroom].sort());

    // Deleting it sends its pictures back to 默认收藏, still collected, and forgets the target.
    await page.goto(`${server.url}/insHomeByCollect/${box.id}`);
    await page.getByRole('button', { name: '删除合集' }).click();
    await settle(page);
    await page
      .getByText('将删除合集「暖色客厅」，其中的 2 张图片会移回「默认收藏」，不会取消收藏。')
      .waitFor();
    await page.getByRole('button', { name: '确认删除' }).click();
    await page.waitForURL(/\/casemineByCollect$/);
    const left = await fanApi<Collection[]>('/api/image/collections');
    assert.deepEqual(
      left.map((c) => c.name),
      ['默认收藏'],
    );
    assert.equal(
      (await inCollection(left[0]!.id)).length,
      3,
      'all three pictures are collected again in 默认收藏',
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('defaultCollect')), null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("cases: a project's pictures grouped on /caseHome, opened on /insHomeByCase, on a phone too", async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/caseHome`);
    const card = page.getByTestId('case-card').filter({ hasText: PROJECT });
    await card.getByText('2 张').waitFor();
    assert.equal(
      await page.getByTestId('case-card').count(),
      1,
      'a picture without a project is no case',
    );
    await page.screenshot({ path: screenshotPath('community-cases-desktop.png') });
    await card.click();
    await page.waitForURL(/\/insHomeByCase\//);
    await page.getByRole('heading', { level: 1, name: PROJECT }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=gallery-card]').length === 2,
    );
    await page.screenshot({ path: screenshotPath('community-case-page-desktop.png') });
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await newPage(browser, mobile);
    await phone.page.goto(`${server.url}/casemineByCase?satoken=${encodeURIComponent(author)}`);
    await phone.page.getByTestId('case-card').filter({ hasText: PROJECT }).waitFor();
    await phone.page.screenshot({ path: screenshotPath('community-cases-mine-mobile.png') });
    assert.deepEqual(phone.errors, []);
    await phone.context.close();

    // The collection tools on a phone, in the fan's own browser.
    const box = (await fanApi<Collection[]>('/api/image/collections'))[0]!;
    const fanPhone = await newPage(browser, mobile);
    await fanPhone.page.goto(
      `${server.url}/insHomeByCollect/${box.id}?satoken=${encodeURIComponent(fan)}`,
    );
    await fanPhone.page.getByRole('button', { name: '管理图片' }).click();
    await fanPhone.page.getByTestId('manage-picture').first().waitFor();
    await fanPhone.page.getByTestId('manage-picture').first().locator('img').click();
    await fanPhone.page.getByText('已选 1 张').waitFor();
    await fanPhone.page.screenshot({
      path: screenshotPath('community-collection-manage-mobile.png'),
    });
    assert.deepEqual(fanPhone.errors, []);
    await fanPhone.context.close();
  });

  test('a phone result (/mobileDone) is published into a project like a desktop result', async () => {
    const taskId = await runToLine(server, author, await uploadRoom(server, author, 300));
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(
      `${server.url}/mobileDone?tool=to-line&task=${taskId}&satoken=${encodeURIComponent(author)}`,
    );
    await page.getByTestId('publish-to-gallery').click();
    const dialog = page.getByRole('dialog', { name: '发布到灵感广场' });
    await dialog.getByLabel('标题').fill('餐厅 线稿');
    await dialog.getByLabel('所属项目（选填）').fill(PROJECT);
    await settle(page);
    await page.screenshot({ path: screenshotPath('community-publish-mobile.png') });
    await dialog.getByRole('button', { name: /^发\s?布$/ }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: '发布成功' }).waitFor();
    const cases = await userApi(
      server,
      author,
    )<{ list: { name: string; count: number }[] }>('/api/image/case/page?scope=mine');
    assert.deepEqual(
      cases.list.map((c) => [c.name, c.count]),
      [[PROJECT, 3]],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('hot words on the phone tool list: searches come back as words to tap', async () => {
    const res = await fetch(`${server.url}/api/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceId: 'device-hotwords-1',
        events: ['线稿', '线稿', '渲染'].map((keyword) => ({
          kind: 'search',
          label: 'list',
          path: '/mobileList',
          keyword,
          scope: 'tools',
        })),
      }),
    });
    assert.ok(res.ok, `track: ${res.status}`);
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/mobileList`);
    const hot = page.getByLabel('热门搜索');
    await hot.getByRole('button', { name: '渲染' }).waitFor();
    await page.screenshot({ path: screenshotPath('community-hot-words-mobile.png') });
    await hot.getByRole('button', { name: '线稿' }).click();
    await page.waitForURL(/q=/);
    await page.getByRole('status').getByText(/找到/).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
