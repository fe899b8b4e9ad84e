// The app's `@ant-design/icons` is build/light-icons.ts (light-icon.tsx); the package's own
// icons are imported by path, which the build leaves alone, to compare the two.
import * as ours from '@ant-design/icons';
import * as theirs from '@ant-design/icons/lib/icons';
import { fireEvent, render } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

type Icon = ComponentType<Record<string, unknown>>;
const names = Object.keys(theirs).filter((name) => /(Outlined|Filled|TwoTone)$/.test(name));

const dom = (element: ReactElement) => {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(element);
  return box;
};

const same = (name: string, props: Record<string, unknown> = {}) => {
  const Ours = (ours as unknown as Record<string, Icon>)[name]!;
  const Theirs = (theirs as unknown as Record<string, Icon>)[name]!;
  const a = dom(<Ours {...props} />);
  const b = dom(<Theirs {...props} />);
  if (!a.isEqualNode(b)) expect(a.innerHTML, name).toBe(b.innerHTML);
  expect(a.isEqualNode(b), name).toBe(true);
};

describe('light icons', () => {
  it("draw every icon of the package with the package's markup", () => {
    expect(names.length).toBeGreaterThan(800);
    expect(ours.CloseOutlined, 'the app gets the light icons').not.toBe(theirs.CloseOutlined);
    for (const name of names) same(name);
  });

  it('spin, rotate, take a click, a class, a style and a label as the package does', () => {
    for (const name of ['LoadingOutlined', 'ReloadOutlined', 'PictureTwoTone', 'StarFilled']) {
      same(name, { spin: true });
      same(name, { rotate: 90 });
      same(name, { onClick: () => undefined });
      same(name, { onClick: () => undefined, tabIndex: 0 });
      same(name, { className: 'hj-x', style: { color: 'red' }, title: '提示' });
      same(name, { 'aria-label': '上传' });
    }
  });

  it('differ from the package when the markup differs (the comparison can fail)', () => {
    const a = dom(<ours.CloseOutlined />);
    const b = dom(<theirs.CheckOutlined />);
    expect(a.isEqualNode(b)).toBe(false);
  });

  it('hand clicks and the ref to the span', () => {
    const onClick = vi.fn();
    let node: HTMLSpanElement | null = null;
    const { container } = render(
      <ours.DeleteOutlined
        onClick={onClick}
        ref={(el: HTMLSpanElement | null) => {
          node = el;
        }}
      />,
    );
    const span = container.querySelector('span.anticon-delete')!;
    fireEvent.click(span);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(node).toBe(span);
  });
});
