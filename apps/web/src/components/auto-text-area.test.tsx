import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutoTextArea } from './auto-text-area';

// jsdom has no `field-sizing` (CSS.supports is absent), so the box takes the scripted path a
// browser without it takes. jsdom lays nothing out: a box's scroll height here is 22 px a line.
const lines = vi
  .spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get')
  .mockImplementation(function (this: HTMLTextAreaElement) {
    return 16 + 22 * Math.max(1, this.value.split('\n').length);
  });
afterEach(() => lines.mockClear());

const box = (container: HTMLElement) => container.querySelector('textarea')!;

describe('AutoTextArea without CSS field-sizing', () => {
  it('keeps its rows, unmeasured, while empty', () => {
    const { container } = render(<AutoTextArea minRows={3} maxRows={8} value="" />);
    expect(box(container).rows).toBe(3);
    expect(box(container).style.height).toBe('');
    expect(box(container).style.getPropertyValue('--hj-rows-max')).toBe('8');
  });

  it('fits words set by the page, not only typed ones, and shrinks back when cleared', () => {
    const { container, rerender } = render(<AutoTextArea minRows={3} maxRows={8} value="" />);
    rerender(<AutoTextArea minRows={3} maxRows={8} value={'一\n二\n三\n四\n五'} />);
    expect(box(container).style.height).toBe(`${16 + 22 * 5}px`);
    rerender(<AutoTextArea minRows={3} maxRows={8} value="" />);
    expect(box(container).style.height).toBe(`${16 + 22}px`);
  });
});
