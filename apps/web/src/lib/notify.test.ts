import { IMAGE_RESIZED_NOTICE } from '@huijing/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leavePage, notify, registerNotifier, type Notifier } from './notify';

/** A notifier like the app's: each message gets its own close function. */
const setup = () => {
  const closed: string[] = [];
  const shown = vi.fn<Notifier>((text) => () => void closed.push(text));
  registerNotifier(shown);
  return { shown, closed };
};

afterEach(() => registerNotifier(undefined));

describe('notify', () => {
  it('hands every message to the registered notifier', () => {
    const { shown } = setup();
    notify('保存成功', 'success');
    notify(IMAGE_RESIZED_NOTICE, 'warning');
    expect(shown.mock.calls).toEqual([
      ['保存成功', 'success'],
      [IMAGE_RESIZED_NOTICE, 'warning', expect.any(Function)],
    ]);
  });

  it('lets the image-size notice be silenced for good (不再提示), and nothing else', () => {
    localStorage.clear();
    const { shown, closed } = setup();
    notify(IMAGE_RESIZED_NOTICE, 'warning');
    const silence = shown.mock.calls[0]?.[2];
    expect(silence).toBeTypeOf('function');
    silence!();
    expect(closed).toEqual([IMAGE_RESIZED_NOTICE]);
    notify(IMAGE_RESIZED_NOTICE, 'warning');
    notify('保存成功', 'success');
    expect(shown.mock.calls.map(([text]) => text)).toEqual([IMAGE_RESIZED_NOTICE, '保存成功']);
    expect(JSON.parse(localStorage.getItem('silencedNotices')!)).toEqual([IMAGE_RESIZED_NOTICE]);
    localStorage.clear();
  });

  it('closes the upload notice when the page is left, and nothing else', () => {
    const { closed } = setup();
    notify('链接已复制', 'success');
    notify(IMAGE_RESIZED_NOTICE, 'warning');
    notify('操作过于频繁，请稍后再试', 'error');
    leavePage();
    expect(closed).toEqual([IMAGE_RESIZED_NOTICE]);
    // Already closed: leaving the next page closes nothing more.
    leavePage();
    expect(closed).toEqual([IMAGE_RESIZED_NOTICE]);
  });

  it('works with a notifier that cannot close, and before any is registered', () => {
    const plain = vi.fn<Notifier>();
    registerNotifier(plain);
    notify(IMAGE_RESIZED_NOTICE, 'warning');
    expect(() => leavePage()).not.toThrow();
    registerNotifier(undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    notify(IMAGE_RESIZED_NOTICE, 'warning');
    expect(warn).toHaveBeenCalledWith(`[notify:warning] ${IMAGE_RESIZED_NOTICE}`);
    warn.mockRestore();
  });
});
