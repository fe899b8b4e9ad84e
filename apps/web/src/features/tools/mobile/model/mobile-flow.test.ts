import { allTools, toolForRoute } from '@huijing/tools';
import { describe, expect, it, vi } from 'vitest';
import {
  doneHref,
  listHref,
  paintsMask,
  parseDoneQuery,
  parseFamily,
  parseListQuery,
  prepareHref,
  searchTools,
  startInputs,
  uploadInputs,
  toolById,
} from './mobile-flow';
import { saveMethod, shareMethod, type ShareNavigator } from './save-share';

describe('mobile addresses', () => {
  it('reads the family and search of /mobileList, falling back to the first family', () => {
    expect(parseListQuery('?family=edit')).toEqual({ family: 'edit', q: '' });
    expect(parseListQuery('?family=generate&q=%20视频%20')).toEqual({
      family: 'generate',
      q: '视频',
    });
    expect(parseListQuery('')).toEqual({ family: 'render', q: '' });
    expect(parseFamily('admin')).toBe('render');
    expect(parseFamily(null)).toBe('render');
  });

  it('builds links that parse back to the same tool, task and search', () => {
    const tool = toolForRoute('/toline')!;
    expect(prepareHref(tool.id)).toBe('/mobilePrepare?tool=to-line');
    const done = parseDoneQuery(doneHref(tool.id, 'abc123').split('?')[1]!);
    expect(done.tool?.id).toBe('to-line');
    expect(done.taskId).toBe('abc123');
    expect(parseListQuery(listHref('edit', '线 稿').split('?')[1]!)).toEqual({
      family: 'edit',
      q: '线 稿',
    });
    expect(listHref('render')).toBe('/mobileList?family=render');
  });

  it('knows no tool or task for unknown or empty values', () => {
    expect(toolById('no-such-tool')).toBeUndefined();
    expect(toolById(null)).toBeUndefined();
    expect(parseDoneQuery('?task=&tool=x')).toEqual({ tool: undefined, taskId: undefined });
  });
});

describe('mobile search', () => {
  it('finds by name in either language, ignoring case, width and spaces', () => {
    expect(searchTools(allTools, 'ＣＯＭＰＲＥＳＳ').map((t) => t.id)).toEqual(['compress']);
    expect(searchTools(allTools, '转 线稿').map((t) => t.id)).toContain('to-line');
  });

  it('puts name matches before description matches', () => {
    const ids = searchTools(allTools, '视频').map((t) => t.id);
    const byName = allTools.filter((t) => t.name['zh-CN'].includes('视频')).map((t) => t.id);
    expect(ids.slice(0, byName.length).sort()).toEqual([...byName].sort());
    expect(ids.length).toBeGreaterThanOrEqual(byName.length);
  });

  it('returns every tool for an empty search and nothing for nonsense', () => {
    expect(searchTools(allTools, '  ')).toHaveLength(allTools.length);
    expect(searchTools(allTools, 'zzqqxx')).toEqual([]);
  });
});

describe('what a phone asks for', () => {
  it('paints the mask of the tools that take one and uploads the rest', () => {
    for (const route of ['/clean', '/lama', '/materialchange', '/backgroundchange']) {
      const tool = toolForRoute(route)!;
      expect(paintsMask(tool)).toBe(true);
      expect(uploadInputs(tool).map((i) => i.name)).not.toContain('mask');
    }
    expect(paintsMask(toolForRoute('/toline')!)).toBe(false);
    // Matting's mask is an optional refinement, painted the same way.
    expect(paintsMask(toolForRoute('/matting')!)).toBe(true);
    expect(uploadInputs(toolForRoute('/matting')!).map((i) => i.name)).toEqual(['upload_img']);
  });

  it('sends single inputs as one id and list inputs as a list, leaving empty ones out', () => {
    const multi = allTools.find((t) => t.inputs.some((i) => i.multiple))!;
    const list = multi.inputs.find((i) => i.multiple)!;
    const image = (fileId: string) => ({ fileId });
    expect(
      startInputs(multi.inputs, { [list.name]: [image('a'), image('b')], upload_img: [] }),
    ).toEqual({ [list.name]: ['a', 'b'] });
    const tool = toolForRoute('/indoorRender')!;
    expect(startInputs(tool.inputs, { upload_img: [image('x')], style_img: [] })).toEqual({
      upload_img: 'x',
    });
    // A painted mask is an input like the others (its saved file in the family store).
    const clean = toolForRoute('/clean')!;
    expect(startInputs(clean.inputs, { upload_img: [image('x')], mask: [image('m')] })).toEqual({
      upload_img: 'x',
      mask: 'm',
    });
  });
});

describe('save to album and share', () => {
  const file = new File(['x'], 'a.png', { type: 'image/png' });
  const share = vi.fn(async () => undefined);
  const writeText = vi.fn(async () => undefined);

  it('uses the share sheet with the file where the browser takes files', () => {
    const nav: ShareNavigator = { share, canShare: () => true, clipboard: { writeText } };
    expect(saveMethod(nav, file)).toBe('share-file');
    expect(shareMethod(nav, file)).toBe('share-file');
  });

  it('downloads, and shares or copies the link, where it does not', () => {
    const linkOnly: ShareNavigator = { share, canShare: () => false };
    expect(saveMethod(linkOnly, file)).toBe('download');
    expect(shareMethod(linkOnly, file)).toBe('share-link');
    const desktopLike: ShareNavigator = { clipboard: { writeText } };
    expect(saveMethod(desktopLike, file)).toBe('download');
    expect(shareMethod(desktopLike, undefined)).toBe('copy-link');
    expect(shareMethod({}, undefined)).toBe('none');
  });
});
