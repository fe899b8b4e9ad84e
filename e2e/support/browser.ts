import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from './server';

import { chromiumArgs } from './devices';

export { chromiumArgs, desktop, desktopUA, mobile, mobileUA } from './devices';

/**
 * Launches Debian's Chromium. Playwright gives every launch a fresh, empty temporary profile
 * (its own --user-data-dir), so no state leaks between runs.
 */
export const launch = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, ...extraArgs],
  });

/** Collects console errors and uncaught page errors so a flow can fail on any of them. */
export function watchErrors(page: Page, ignore: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !ignore.some((r) => r.test(msg.text())))
      errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
  /** Show the first-visit tool-page guide (a flow about the guide itself); off elsewhere. */
  { guide = false }: { guide?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'zh-CN', ...options });
  if (!guide) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('guideDone')) localStorage.setItem('guideDone', '["*"]');
    });
  }
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** Visible text length of the app root: a blank page or an empty root fails. */
export const visibleText = (page: Page) =>
  page.evaluate(() => (document.getElementById('root')?.innerText ?? '').trim());

/**
 * Waits until the app root shows real text (a lazy screen has loaded, not just a spinner) and the
 * network is quiet. Fails after 15 s: a blank page.
 */
export async function waitForContent(page: Page, minChars = 40): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const root = document.getElementById('root');
      // A prerendered first screen (apps/web/build/prerender.ts) shows text before the app runs.
      return !!root && !root.hasAttribute('data-first-screen') && root.innerText.trim().length > n;
    },
    minChars,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
}

/** Where a flow saves a screenshot (e2e/screenshots, git-ignored), creating the folder once. */
export const screenshotPath = (name: string) => {
  const dir = path.join(repoRoot, 'e2e', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
};

/**
 * antd opens dialogs and popovers with a zoom animation; on a slow machine a click during it can
 * land beside its target (the box moves between Playwright's hit check and the press), and a
 * visibility check can catch the first frame at scale 0. Waits until no animation runs inside
 * the elements `within` matches.
 */
export const animationsDone = (page: Page, within: string) =>
  page.waitForFunction(
    (selector) =>
      document
        .getAnimations()
        .every((a) => !(a.effect as KeyframeEffect | null)?.target?.closest(selector)),
    within,
  );

/** No animation runs inside a dialog or drawer (see animationsDone). */
export const dialogSettled = (page: Page) => animationsDone(page, '.ant-modal-root, .ant-drawer');

/**
 * A new account's first screen asks for a design direction: pick 家装效果图 and go on, checking
 * the tag really is selected before pressing 开始创作.
 */
export const answerInterest = async (page: Page) => {
  const interest = page.getByRole('dialog');
  await interest.getByText('告诉我们你的设计方向').waitFor();
  await dialogSettled(page);
  const tag = interest.locator('.ant-tag-checkable', { hasText: '家装效果图' });
  const start = interest.getByRole('button', { name: /开始创作/ });
  for (let attempt = 0; attempt < 5 && (await start.isDisabled()); attempt += 1) {
    const checked = await tag.evaluate((el) => el.classList.contains('ant-tag-checkable-checked'));
    if (!checked) await tag.click();
    await page.waitForTimeout(100 * (attempt + 1));
  }
  await start.click();
  await interest.waitFor({ state: 'hidden' });
};

/** Skips the first-login interest question from the dialog itself (跳过). */
export const skipInterest = async (page: Page) => {
  const interest = page.getByRole('dialog');
  await interest.getByText('告诉我们你的设计方向').waitFor();
  await dialogSettled(page);
  await interest.getByRole('button', { name: /跳过/ }).click();
  await interest.waitFor({ state: 'hidden' });
};
