import { DownloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { fireEvent, render, screen } from '@testing-library/react';
import * as antd from 'antd';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Alert, Button, Collapse, Skeleton } from './antd-look';
import { buttonConfig } from './theme';

/** Markup as a DOM node, without antd's style-hash class and its `data-show` flag. */
const dom = (element: ReactElement) => {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(element);
  for (const el of box.querySelectorAll('*')) {
    el.removeAttribute('data-show');
    const cls = el.getAttribute('class');
    if (cls !== null) {
      el.setAttribute(
        'class',
        cls
          .split(' ')
          .filter((c) => !/^css-/.test(c))
          .join(' '),
      );
    }
  }
  return box;
};

/** Same elements, classes and attributes (in any order) as antd's, so antd's stylesheet fits. */
const expectSameMarkup = (ours: ReactElement, theirs: ReactElement) => {
  const a = dom(ours);
  const b = dom(theirs);
  if (!a.isEqualNode(b)) expect(a.innerHTML).toBe(b.innerHTML);
  expect(a.isEqualNode(b)).toBe(true);
};

describe('antd look without antd', () => {
  it('draws the buttons the tool page uses as antd does', () => {
    const cases: [Record<string, unknown>, React.ReactNode][] = [
      [{ type: 'primary', size: 'large', block: true, icon: <ThunderboltOutlined /> }, '开始渲染'],
      [
        {
          type: 'primary',
          size: 'large',
          block: true,
          loading: true,
          icon: <ThunderboltOutlined />,
        },
        '开始渲染',
      ],
      [{ type: 'primary', disabled: true }, '暂未开通'],
      [{ type: 'link', size: 'small', className: 'x' }, '恢复默认'],
      [{ size: 'small' }, '关闭'],
      [{ loading: true }, '下载'],
      [{ icon: <DownloadOutlined />, title: '提示' }, ['再来一次', <small key="p">2 次</small>]],
      [{ type: 'text', icon: <DownloadOutlined />, 'aria-label': '下载' }, undefined],
      [
        {
          shape: 'round',
          size: 'small',
          href: '/r.png',
          download: 'r.png',
          icon: <DownloadOutlined />,
        },
        '看大图',
      ],
      [{ type: 'primary', href: '/r.png', disabled: true }, '下载'],
    ];
    for (const [props, children] of cases) {
      expectSameMarkup(
        <Button {...props}>{children}</Button>,
        <antd.ConfigProvider button={buttonConfig}>
          <antd.Button {...props}>{children}</antd.Button>
        </antd.ConfigProvider>,
      );
    }
  });

  it('puts no space between two Chinese characters, like the app-wide antd setting', () => {
    render(
      <>
        <Button>取消</Button>
        <antd.ConfigProvider button={buttonConfig}>
          <antd.Button type="primary">发布</antd.Button>
        </antd.ConfigProvider>
      </>,
    );
    expect(screen.getByRole('button', { name: '取消' }).textContent).toBe('取消');
    const antdButton = screen.getByRole('button', { name: '发布' });
    expect(antdButton.textContent).toBe('发布');
    expect(antdButton.className).not.toContain('ant-btn-two-chinese-chars');
  });

  it('ignores clicks while loading or disabled', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        下载全部
      </Button>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>下载全部</Button>);
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('draws the skeletons and alerts as antd does', () => {
    expectSameMarkup(
      <Skeleton.Image className="hj-s" />,
      <antd.Skeleton.Image active className="hj-s" />,
    );
    expectSameMarkup(
      <Skeleton.Button block style={{ height: 96 }} />,
      <antd.Skeleton.Button active block style={{ height: 96 }} />,
    );
    expectSameMarkup(
      <Skeleton.Input block size="small" />,
      <antd.Skeleton.Input active block size="small" />,
    );
    expectSameMarkup(
      <Alert type="info" className="a" data-testid="local-variant" message="本地引擎" />,
      <antd.Alert
        type="info"
        showIcon
        className="a"
        data-testid="local-variant"
        message="本地引擎"
      />,
    );
    expectSameMarkup(
      <Alert type="warning" message="任务找不到了" action={<Button size="small">关闭</Button>} />,
      <antd.Alert
        type="warning"
        showIcon
        message="任务找不到了"
        action={
          <antd.ConfigProvider button={buttonConfig}>
            <antd.Button size="small">关闭</antd.Button>
          </antd.ConfigProvider>
        }
      />,
    );
  });

  it('folds like antd: closed at first, drawn when opened, kept when closed again', () => {
    const items = [{ key: 'a', label: '高级设置', children: <p>种子</p> }];
    expectSameMarkup(
      <Collapse className="hj-tool-advanced" items={items} />,
      <antd.Collapse ghost size="small" className="hj-tool-advanced" items={items} />,
    );
    render(<Collapse items={items} />);
    const header = screen.getByRole('button', { name: /高级设置/ });
    expect(screen.queryByText('种子')).toBeNull();
    fireEvent.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('种子')).toBeVisible();
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('种子')).not.toBeVisible();
  });
});
