import type { ToolInput } from '@huijing/tools';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { fakeApi, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import type { InputImage } from '../store/family-stores';
import { UploadField } from './upload-field';

initI18n();
afterEach(resetFakeApi);

const img = (id: string): InputImage => ({
  fileId: id,
  url: `/api/files/${id}`,
  thumbUrl: null,
  width: 40,
  height: 30,
});
const single: ToolInput = {
  name: 'upload_img',
  required: true,
  label: { 'zh-CN': '原图', 'en-US': 'Image' },
};
const frames: ToolInput = {
  name: 'frames',
  required: true,
  label: { 'zh-CN': '画面', 'en-US': 'Frames' },
  multiple: { min: 2, max: 2 },
};

/** A drag carrying one file, as the browser hands it to the handlers. */
const files = (...names: string[]) => {
  const list = names.map(
    (n) => new File(['x'], n, { type: n.endsWith('.pdf') ? 'application/pdf' : 'image/png' }),
  );
  return { dataTransfer: { types: ['Files'], files: list, items: [], dropEffect: 'none' } };
};

describe('the upload card takes a drop anywhere on it', () => {
  it('lights up a filled card with what a drop will do, and calms down when the drag leaves', () => {
    fakeApi({});
    renderWithProviders(<UploadField input={single} images={[img('a')]} onChange={vi.fn()} />);
    const card = document.querySelector('.hj-upload')!;
    const preview = document.querySelector('.hj-upload__preview img')!;
    fireEvent.dragEnter(card, files('b.png'));
    fireEvent.dragEnter(preview, files('b.png'));
    fireEvent.dragOver(preview, files('b.png'));
    expect(card).toHaveClass('is-over');
    expect(screen.getByText('松开鼠标，替换这张图片')).toBeVisible();
    // Crossing from the card into the picture is not leaving the card.
    fireEvent.dragLeave(card, files('b.png'));
    expect(card).toHaveClass('is-over');
    fireEvent.dragLeave(preview, files('b.png'));
    expect(card).not.toHaveClass('is-over');
    expect(screen.queryByText('松开鼠标，替换这张图片')).toBeNull();
  });

  it('a full list refuses a drop and says why; a file that is no image is named as such', () => {
    const api = fakeApi({});
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(
      <UploadField input={frames} images={[img('a'), img('b')]} onChange={onChange} />,
    );
    const list = document.querySelector('.hj-upload__list')!;
    fireEvent.dragEnter(list, files('c.png'));
    expect(screen.getByText('已放满 2 张，请先移除一张再添加')).toBeVisible();
    fireEvent.drop(list, files('c.png'));
    expect(api.messages()).toContain('已放满 2 张，请先移除一张再添加');
    unmount();

    renderWithProviders(<UploadField input={frames} images={[img('a')]} onChange={onChange} />);
    const one = document.querySelector('.hj-upload__list')!;
    fireEvent.dragEnter(one, files('plan.pdf'));
    expect(screen.getByText('松开鼠标，添加到这里')).toBeVisible();
    fireEvent.drop(one, files('plan.pdf'));
    expect(api.messages()).toContain('这里只能放入 JPG、PNG 或 WebP 图片');
    expect(onChange).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });
});
