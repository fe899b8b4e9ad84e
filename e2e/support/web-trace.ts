import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, desktop, mobile } from './devices';

/** A 4G-like link (9 Mbit/s down, 60 ms round trip) and a laptop at a quarter of its speed. */
export const throttle = {
  latencyMs: 60,
  downBytesPerSecond: (9 * 1024 * 1024) / 8,
  upBytesPerSecond: (4 * 1024 * 1024) / 8,
  cpuSlowdown: 4,
};

export interface LoadTrace {
  /** JavaScript bytes as they came over the wire (compressed), up to the measurement's end. */
  jsWireBytes: number;
  /** The same responses' bodies alone: the wire bytes less each response's HTTP headers. */
  jsBodyBytes: number;
  /** First contentful paint. */
  fcpMs: number;
  lcpMs: number;
  /** Total blocking time: the part over 50 ms of every long task after first paint. */
  tbtMs: number;
}

// Runs in the page (as a string, so this file needs no DOM types): collects LCP and long tasks.
const OBSERVE = `(() => {
  window.__perf = { lcp: 0, long: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.long.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
})()`;

const READ = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  const tbt = window.__perf.long
    .filter(([start]) => start >= fcp)
    .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  return { fcp, lcp: window.__perf.lcp, tbt };
})()`;

/**
 * One cold load of `url` in a fresh context under the throttle above, read from Chromium's own
 * instruments (DevTools network events, LCP and long-task entries). The page is given `settleMs`
 * after the load event for late chunks and long tasks.
 */
export const traceLoad = async (
  browser: Browser,
  url: string,
  device: 'desktop' | 'mobile',
  settleMs = 2500,
): Promise<LoadTrace> => {
  const context = await browser.newContext({
    locale: 'zh-CN',
    ...(device === 'mobile' ? mobile : desktop),
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // A fresh context starts with an empty cache, so the load is cold; the cache stays on, as in
    // a browser, so a chunk the shell prefetched is not downloaded a second time when imported.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.latencyMs,
      downloadThroughput: throttle.downBytesPerSecond,
      uploadThroughput: throttle.upBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });
    // Per script response, the bytes received with its headers (DevTools counts them so far).
    const scripts = new Map<string, number>();
    let jsWireBytes = 0;
    let jsBodyBytes = 0;
    // Scripts, and prefetched chunks (type Other): every JavaScript byte that came over the wire.
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script' || /\.js(?:$|\?)/.test(new URL(e.response.url).pathname)) {
        scripts.set(e.requestId, e.response.encodedDataLength);
      }
    });
    cdp.on('Network.loadingFinished', (e) => {
      const headers = scripts.get(e.requestId);
      if (headers === undefined) return;
      jsWireBytes += e.encodedDataLength;
      jsBodyBytes += e.encodedDataLength - headers;
    });
    await page.addInitScript(OBSERVE);
    // A shared CI machine can be slow; the measure is the trace, not the time limit.
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(settleMs);
    const { fcp, lcp, tbt } = (await page.evaluate(READ)) as {
      fcp: number;
      lcp: number;
      tbt: number;
    };
    return { jsWireBytes, jsBodyBytes, fcpMs: fcp, lcpMs: lcp, tbtMs: tbt };
  } finally {
    await context.close();
  }
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Debian's Chromium with the flows' flags (e2e/support/devices.ts). */
export const launchForTrace = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
