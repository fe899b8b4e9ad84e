import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  desktop,
  dialogSettled,
  launch,
  mobile,
  newPage,
  screenshotPath,
} from '../support/browser';
import { publishPicture } from '../support/gallery';
import { apiSignIn, type RunningServer, startServer, userApi } from '../support/server';

const ROOT = { username: 'root', password: 'correct horse battery' };
const OPERATOR = { username: 'ops.li', password: 'operator password 2026' };

let server: RunningServer;
let browser: Browser;
let author: string;
let rootToken: string;
let pictureId: string;

before(async () => {
  server = await startServer({
    ADMIN_USERNAME: ROOT.username,
    ADMIN_PASSWORD: ROOT.password,
    // Pictures go to review through reports here; the model's check has its own tests.
    GALLERY_NSFW_CHECK: 'off',
    // Four people sign in from one address.
    SMS_IP_CAPTCHA_AFTER: '10',
  });
  browser = await launch();
  author = await apiSignIn(server, '13800002201');
  pictureId = (await publishPicture(server, author, { title: '侘寂餐厅', tags: ['侘寂'] })).id;
  // Three distinct reporters send it to review.
  for (const phone of ['13800002202', '13800002203', '13800002204']) {
    const reporter = await apiSignIn(server, phone);
    await userApi(server, reporter)(`/api/image/report?id=${pictureId}`, {
      method: 'POST',
      body: JSON.stringify({ reason: '图片含有广告水印' }),
    });
  }
  const root = await userApi(server, '')<{ token: string }>('/api/user/manage/login', {
    method: 'POST',
    body: JSON.stringify(ROOT),
  });
  rootToken = root.token;
  await userApi(server, rootToken)('/api/user/manage/account', {
    method: 'POST',
    body: JSON.stringify({ ...OPERATOR, displayName: '运营小李', role: 'operator' }),
  });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = async (page: Page) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('用户名').fill(OPERATOR.username);
  await page.getByLabel('密码').fill(OPERATOR.password);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
};

const mine = async () =>
  (
    await userApi(
      server,
      author,
    )<{ list: { id: string; statusMessage: string }[] }>('/api/image/waterfall/page?scope=mine')
  ).list.find((i) => i.id === pictureId)!;

describe('moderation screens', () => {
  test('an operator hides a reported picture with a reason the author reads, then approves it again', async () => {
    assert.match((await mine()).statusMessage, /审核/);
    const { context, page, errors } = await newPage(browser, desktop);
    await signIn(page);
    await page.getByRole('link', { name: '灵感广场审核' }).click();
    await page.waitForURL(/\/admin\/moderation\/gallery$/);
    const row = page.getByRole('row', { name: /侘寂餐厅/ });
    await row.getByText('举报 3 次').waitFor();
    await page.screenshot({ path: screenshotPath('admin-moderation-gallery-desktop.png') });

    await row.getByRole('button', { name: '隐藏' }).click();
    await dialogSettled(page);
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: '确认隐藏' });
    assert.equal(await confirm.isDisabled(), true, 'a reason is required to hide');
    await dialog.getByLabel('审核原因').fill('含有广告水印，请去除后重新发布');
    await dialog.getByText('作者将看到：未通过审核，已从灵感广场隐藏（含有广告水印').waitFor();
    await page.screenshot({ path: screenshotPath('admin-moderation-hide-desktop.png') });
    await confirm.click();
    await page.getByText('没有待审核的图片').waitFor();

    // The author reads the reason on their own pages.
    assert.equal(
      (await mine()).statusMessage,
      '未通过审核，已从灵感广场隐藏（含有广告水印，请去除后重新发布）',
    );
    // The queue tab lives in the URL and survives a reload.
    await page.getByText('已隐藏', { exact: true }).click();
    await page.waitForURL(/status=hidden/);
    await page.reload();
    const hiddenRow = page.getByRole('row', { name: /侘寂餐厅/ });
    await hiddenRow.getByRole('button', { name: '通过' }).click();
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: '确认通过' }).click();
    await page.getByText('暂无图片').waitFor();
    const square = await userApi(
      server,
      '',
    )<{ list: { id: string }[] }>('/api/image/waterfall/page');
    assert.deepEqual(
      square.list.map((i) => i.id),
      [pictureId],
    );

    // Both decisions are in the audit log under the operator's name.
    const audit = await userApi(
      server,
      rootToken,
    )<{
      list: { action: string; actorUsername: string; reason: string | null }[];
    }>('/api/user/manage/page/audit?pageSize=50');
    const gallery = audit.list.filter((e) => e.action.startsWith('gallery.'));
    assert.deepEqual(gallery.map((e) => [e.action, e.actorUsername]).sort(), [
      ['gallery.approve', OPERATOR.username],
      ['gallery.hide', OPERATOR.username],
    ]);

    await page.getByRole('link', { name: '模型广场审核' }).click();
    await page.waitForURL(/\/admin\/moderation\/models$/);
    await page.getByText('没有待复审的模型').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the gallery queue on a phone', async () => {
    await userApi(server, rootToken)(`/api/user/manage/gallery/review/${pictureId}`, {
      method: 'POST',
      body: JSON.stringify({ action: 'hide', reason: '复查' }),
    });
    const { context, page, errors } = await newPage(browser, mobile);
    await signIn(page);
    await page.goto(`${server.url}/admin/moderation/gallery?status=hidden`);
    await page.getByRole('row', { name: /侘寂餐厅/ }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-moderation-gallery-mobile.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
