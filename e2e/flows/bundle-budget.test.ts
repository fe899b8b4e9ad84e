import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kb, measureRoutes } from '../support/web-budget';

// The first-load size budget (issue 17): runs over the build's manifest after `npm run build`,
// so a route whose initial JavaScript grows past its budget fails the suite.
test('each main route keeps its initial JavaScript within its budget', () => {
  const weights = measureRoutes();
  for (const w of weights) {
    console.info(
      `${w.route.padEnd(14)} ${kb(w.jsBrotli).padStart(9)} brotli (budget ${kb(w.budget)})`,
    );
    assert.ok(
      w.jsBrotli <= w.budget,
      `${w.route}: ${kb(w.jsBrotli)} of initial JavaScript is over its budget of ${kb(w.budget)} — load the new code lazily or raise the budget in e2e/support/web-budget.ts with a reason`,
    );
  }
});

test('the plain first screens load no component library before their first render', () => {
  for (const w of measureRoutes().filter((r) => r.route !== '/indoorRender')) {
    const heavy = w.files.filter((f) => /\/(?:config-provider|antd-root)-[\w-]+\.js$/.test(f));
    assert.deepEqual(heavy, [], `${w.route} loads ${heavy.join(', ')} before its first render`);
  }
});
