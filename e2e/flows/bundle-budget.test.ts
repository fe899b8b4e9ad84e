import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { budgetFailures, kb, measureRoutes, webDist } from '../support/web-budget';

// The first-load size budget: runs over the build's manifest after `npm run build`,
// so a route whose initial JavaScript grows past its budget fails the suite.
test('each main route keeps its initial JavaScript within its budget', () => {
  const weights = measureRoutes();
  for (const w of weights) {
    console.info(
      `${w.route.padEnd(28)} ${kb(w.jsBrotli).padStart(9)} brotli (budget ${kb(w.budget)})`,
    );
  }
  assert.deepEqual(budgetFailures(weights), []);
});

test('a route one byte past its budget fails the check', () => {
  const weights = measureRoutes();
  const grown = weights.map((w) => (w.route === '/' ? { ...w, jsBrotli: w.budget + 1 } : w));
  const failures = budgetFailures(grown);
  assert.equal(failures.length, 1);
  assert.match(failures[0]!, /^\/: .* over its budget/);
});

test("the first screens, the tool page's frame too, load no component library and no zod before their first render", () => {
  for (const w of measureRoutes().filter((r) => r.route !== '/indoorRender until its form')) {
    const heavy = w.files.filter((f) =>
      /\/(?:config-provider|antd-root|registry|schemas|_huijing-tools-light)-[\w-]+\.js$/.test(f),
    );
    assert.deepEqual(heavy, [], `${w.route} loads ${heavy.join(', ')} before its first render`);
  }
});

test("the tool page's workspace leaves out the mask editor (konva), the zip code, the done page and antd's root, Select and overlays", () => {
  // Select comes with a form's first select or a signed-in designer's model picker (tool-screen.tsx);
  // Dropdown, Popconfirm and Tooltip when first drawn (components/lazy-overlay.tsx); each brings
  // antd's root (components/lazy-part.tsx).
  const tool = measureRoutes().find((r) => r.route === '/indoorRender until its form')!;
  const heavy = tool.files.filter((f) =>
    /\/(?:mask-editor|mask-lib|zip-files|done-page|done-screen|select|dropdown|popconfirm|tooltip|config-provider|antd-root)-/.test(
      f,
    ),
  );
  assert.deepEqual(heavy, [], `/indoorRender loads ${heavy.join(', ')} before its first render`);
});

test("the tool page's workspace leaves out antd's code: its components, style engine and form library", () => {
  // components/antd-look.tsx draws antd's markup, styled by the baked stylesheet; antd's root
  // comes with the first part that draws antd (components/lazy-part.tsx).
  const tool = measureRoutes().find((r) => r.route === '/indoorRender until its form')!;
  const code = tool.files.map((f) => fs.readFileSync(path.join(webDist(), f), 'utf8')).join('\n');
  // Booleans, not assert.match: a failure should not print the whole bundle.
  assert.equal(/ant-btn-color-/.test(code), true, "the workspace's buttons are not in the files");
  assert.equal(/ant-wave/.test(code), false, "antd's Button (its wave) is in the workspace");
  assert.equal(
    /data-ant-cssinjs-cache-path/.test(code),
    false,
    "antd's style engine (@ant-design/cssinjs) is in the workspace",
  );
  assert.equal(
    /%s is required/.test(code),
    false,
    "async-validator's messages are in the workspace",
  );
});

test("the tool page's workspace carries no zod: its parameters and answers are checked by checks made at build time", () => {
  // build/light-checks.ts: the registry as data with light parameter checks, and the contracts'
  // answers the tool page reads as checks from `virtual:light-checks` (lib/json-check.ts).
  const tool = measureRoutes().find((r) => r.route === '/indoorRender until its form')!;
  const code = tool.files.map((f) => fs.readFileSync(path.join(webDist(), f), 'utf8')).join('\n');
  assert.equal(/_zod/.test(code), false, 'zod is in the workspace');
  assert.equal(/缺少必填项/.test(code), true, 'the light checks are not in the workspace');
});

test('zod, where a page carries it, comes without its JSON Schema generator', () => {
  // build/zod-no-json-schema.ts: the web never makes JSON Schema.
  const assets = path.join(webDist(), 'assets');
  const code = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'))
    .filter((c) => /_zod/.test(c))
    .join('\n');
  assert.equal(code.length > 0, true, 'no page carries zod');
  assert.equal(
    /json-schema\.org\/draft/.test(code),
    false,
    "zod's JSON Schema generator is in the build",
  );
  assert.equal(/JSON Schema is not built into the web bundle/.test(code), true, 'no stand-ins');
});

test("the tool page's workspace holds the tool registry without its definition checks", () => {
  // packages/tools/src/define-tool.ts: they run on the server, in tests and in the build, which
  // writes the registry as data for the web (build/light-checks.ts).
  const tool = measureRoutes().find((r) => r.route === '/indoorRender until its form')!;
  const code = tool.files.map((f) => fs.readFileSync(path.join(webDist(), f), 'utf8')).join('\n');
  assert.match(code, /defineTool|spreadValues|indoorRender/, 'the registry is in the workspace');
  assert.doesNotMatch(code, /defaults do not parse|widget for unknown parameter/);
});
