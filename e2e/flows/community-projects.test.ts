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
import { runToLine, uploadRoom } from '../support/gallery';
import { apiDesigner, type RunningServer, startServer, userApi } from '../support/server';

// Cases linked to works projects: a work in a project publishes into the
// project's case, and a whole project publishes as one case from 我的案例.
const PROJECT = '保利天悦 四居室';

let server: RunningServer;
let browser: Browser;
let author: string;
let projectId: string;
let tasks: string[];

type Cases = { list: { id: string; name: string; count: number }[] };

before(async () => {
  server = await startServer({ GALLERY_NSFW_CHECK: 'off', SMS_IP_CAPTCHA_AFTER: '10' });
  browser = await launch();
  author = await apiDesigner(server, '13800003401');
  const api = userApi(server, author);
  tasks = [
    await runToLine(server, author, await uploadRoom(server, author, 30)),
    await runToLine(server, author, await uploadRoom(server, author, 200)),
  ];
  projectId = (
    await api<{ id: string }>('/api/works/projects/create', {
      method: 'POST',
      body: JSON.stringify({ name: PROJECT }),
    })
  ).id;
  await api('/api/works/projects/move', {
    method: 'POST',
    body: JSON.stringify({ taskIds: tasks, projectId }),
  });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const myCases = () => userApi(server, author)<Cases>('/api/image/case/page?scope=mine');
// antd's zoom-in of a dialog (see community-manage.test.ts).
const settle = (page: Page) => page.waitForTimeout(500);

describe('community: cases from works projects', () => {
  for (const [device, options] of [
    ['desktop', desktop],
    ['mobile', mobile],
  ] as const) {
    test(`publishing from a project's work preselects the project; a whole project is one case (${device})`, async () => {
      const { context, page, errors } = await newPage(browser, options);
      const token = encodeURIComponent(author);
      // A work of the project: its card on the works page, its phone done page on a phone.
      await page.goto(
        device === 'desktop'
          ? `${server.url}/aiDesignMangement?project=${projectId}&satoken=${token}`
          : `${server.url}/mobileDone?tool=to-line&task=${tasks[1]}&satoken=${token}`,
      );
      await page.getByTestId('publish-to-gallery').first().click();
      await settle(page);
      const dialog = page.getByRole('dialog', { name: '发布到灵感广场' });
      const field = dialog.getByLabel('所属项目（选填）');
      await dialog.getByText('来自作品项目，同一项目的图片会组成一个案例').waitFor();
      assert.equal(await field.inputValue(), PROJECT);
      await dialogSettled(page);
      await page.screenshot({ path: screenshotPath(`publish-works-project-${device}.png`) });
      if (device === 'desktop') {
        await dialog.getByRole('button', { name: /^发\s?布$/ }).click();
        await page.getByRole('dialog', { name: '发布成功' }).waitFor();
        const cases = await myCases();
        assert.deepEqual(
          cases.list.map((c) => [c.name, c.count]),
          [[PROJECT, 1]],
        );
      } else {
        await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
      }

      await page.goto(`${server.url}/casemineByCase`);
      await page.getByTestId('publish-works-project').click();
      await settle(page);
      const whole = page.getByRole('dialog', { name: '把作品项目发布为案例' });
      await whole.getByRole('combobox', { name: '作品项目' }).click();
      await page.locator('.ant-select-item-option', { hasText: PROJECT }).click();
      await dialogSettled(page);
      await page.screenshot({ path: screenshotPath(`publish-whole-project-${device}.png`) });
      await whole.getByRole('button', { name: /^发\s?布$/ }).click();
      // Two works, two pictures; the one published above is not published twice.
      await page.getByRole('dialog', { name: '已发布 2 张到案例' }).waitFor();
      await page.getByRole('button', { name: '查看案例' }).click();
      await page.waitForURL(/\/insHomeByCase\//);
      await page.getByRole('heading', { name: PROJECT }).waitFor();
      await page.getByTestId('gallery-card').nth(1).waitFor();
      await page.getByRole('dialog', { name: '已发布 2 张到案例' }).waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: screenshotPath(`works-project-case-${device}.png`) });
      const cases = await myCases();
      assert.deepEqual(
        cases.list.map((c) => [c.name, c.count]),
        [[PROJECT, 2]],
      );
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
