import type { TFunction } from 'i18next';
import { toolForRoute } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { fitImage } from '../../../lib/image-file';
import { POLL_MAX_MS, POLL_MIN_MS, isTerminal, pollDelay } from './poll-delay';
import { blockerText, startBlocker } from './start-blocker';
import { paramValues, paramsError, widgetEntries } from './tool-params';

describe('spec §5 size rule (before upload)', () => {
  it('keeps images up to 4000 × 4000 unchanged', () => {
    expect(fitImage(4000, 4000)).toEqual({ width: 4000, height: 4000, resized: false });
    expect(fitImage(1200, 800)).toEqual({ width: 1200, height: 800, resized: false });
  });
  it('redraws larger ones with the longer side at 1024', () => {
    expect(fitImage(4001, 2000)).toEqual({ width: 1024, height: 512, resized: true });
    expect(fitImage(3000, 6000)).toEqual({ width: 512, height: 1024, resized: true });
    expect(fitImage(8000, 8000)).toEqual({ width: 1024, height: 1024, resized: true });
  });
});

describe('polling backoff', () => {
  it('never polls faster than 500 ms and backs off while nothing changes', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 10, 50].map((n) => pollDelay(n));
    expect(delays[0]).toBe(POLL_MIN_MS);
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(POLL_MIN_MS);
    expect(delays.at(-1)).toBe(POLL_MAX_MS);
  });
  it('starts slower for a task far back in the queue', () => {
    expect(pollDelay(0, 3)).toBeGreaterThan(pollDelay(0, 0));
    expect(pollDelay(0, 20)).toBeGreaterThan(pollDelay(0, 3));
  });
  it('knows the terminal states', () => {
    expect(['queued', 'running'].map((s) => isTerminal(s as 'queued'))).toEqual([false, false]);
    expect(isTerminal('succeeded') && isTerminal('failed') && isTerminal('canceled')).toBe(true);
  });
});

describe('parameters from the registry', () => {
  it('takes defaults from params.parse({}) (spec §9 cnStrength)', () => {
    expect(paramValues(toolForRoute('/indoorRender')!, {}).cnStrength).toBe(0.75);
    expect(paramValues(toolForRoute('/indoorExterior')!, {}).cnStrength).toBe(0.7);
  });
  it('overlays saved values and drops names the tool does not have', () => {
    const values = paramValues(toolForRoute('/indoorRender')!, { cnStrength: 0.4, stale: 1 });
    expect(values.cnStrength).toBe(0.4);
    expect(values).not.toHaveProperty('stale');
  });
  it('reports invalid values with the schema message', () => {
    const tool = toolForRoute('/indoorRender')!;
    expect(paramsError(tool, paramValues(tool, {}))).toBeUndefined();
    expect(paramsError(tool, paramValues(tool, { cnStrength: 3 }))).toBeTruthy();
  });
  it('folds advanced widgets away', () => {
    const { main, advanced } = widgetEntries(toolForRoute('/indoorRender')!);
    expect(main.map((e) => e.name)).toContain('cnStrength');
    expect(advanced.map((e) => e.name)).toContain('ignoreWordAndImage');
  });
  it('keeps a render form short: view and atmosphere fold into their own section', () => {
    const { main, scene, advanced } = widgetEntries(toolForRoute('/indoorRender')!);
    expect(main.map((e) => e.name)).toEqual([
      'promptTxt',
      'cnStrength',
      'source',
      'style',
      'space',
      'count',
    ]);
    expect(scene.map((e) => e.name)).toEqual(['view', 'atmosphere']);
    expect(advanced.map((e) => e.name)).toEqual(['ipaPlus', 'lock', 'ignoreWordAndImage']);
  });
  it('leaves a short form open: 一键后期 keeps its atmosphere in view', () => {
    const { main, scene } = widgetEntries(toolForRoute('/xitu')!);
    expect(main.map((e) => e.name)).toContain('atmosphere');
    expect(scene).toEqual([]);
  });
});

describe('start button reasons', () => {
  const tool = toolForRoute('/indoorRender')!;
  const base = {
    tool,
    signedIn: true,
    availability: { available: true },
    inputs: { upload_img: [{}] },
    price: 2,
    balance: 10,
    pickLabel: (i: { label: { 'zh-CN': string } }) => i.label['zh-CN'],
  };
  it('is free to start with everything in place', () => {
    expect(startBlocker(base)).toBeNull();
  });
  it('asks for sign-in first', () => {
    expect(startBlocker({ ...base, signedIn: false, inputs: {} })).toEqual({ kind: 'login' });
  });
  it('says the tool is not available yet, in designer words, before anything else', () => {
    const reason = '该功能需要配置 AI 渲染引擎（ComfyUI 或兼容 OpenAI 的图像接口），当前未配置';
    const off = { ...base, availability: { available: false, reason } };
    expect(startBlocker(off)).toEqual({ kind: 'unavailable', reason });
    // Signed out: no "sign in to start" for a tool that cannot start.
    expect(startBlocker({ ...off, signedIn: false })).toMatchObject({ kind: 'unavailable' });
    const t = ((key: string) => key) as TFunction;
    expect(blockerText(startBlocker(off), t)).toBe('firstHour.pendingTitle');
  });
  it('names the missing required input (optional ones do not block)', () => {
    expect(startBlocker({ ...base, inputs: {} })).toEqual({
      kind: 'input',
      label: '原图',
      name: 'upload_img',
    });
  });
  it('asks for a painted area, not an upload, when the mask is missing', () => {
    const clean = toolForRoute('/clean')!;
    const blocker = startBlocker({ ...base, tool: clean, inputs: { upload_img: [{}] } });
    expect(blocker).toMatchObject({ kind: 'input', name: 'mask' });
    const t = ((key: string, o?: { label?: string }) => `${key}:${o?.label ?? ''}`) as TFunction;
    expect(blockerText(blocker, t)).toBe('tools.start.needMask:');
    expect(blockerText(startBlocker({ ...base, inputs: {} }), t)).toBe(
      'tools.start.needInput:原图',
    );
    expect(blockerText(null, t)).toBeUndefined();
  });
  it('stops when tickets are short', () => {
    expect(startBlocker({ ...base, balance: 1 })).toEqual({
      kind: 'tickets',
      price: 2,
      balance: 1,
    });
    expect(startBlocker({ ...base, balance: 1, price: 0 })).toBeNull();
  });
  it('waits while a run is in progress', () => {
    expect(startBlocker({ ...base, busy: true })).toEqual({ kind: 'busy' });
  });
});
