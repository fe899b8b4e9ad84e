import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The flags this machine needs (closed network, root, no GPU); see DEVELOPERS.md. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const desktopUA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const mobileUA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export const desktop = { viewport: { width: 1440, height: 900 }, userAgent: desktopUA };
export const mobile = {
  viewport: { width: 390, height: 844 },
  userAgent: mobileUA,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

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
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'zh-CN', ...options });
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
    (n) => (document.getElementById('root')?.innerText.trim().length ?? 0) > n,
    minChars,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
}
