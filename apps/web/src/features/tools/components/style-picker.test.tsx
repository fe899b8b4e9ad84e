import { classifyGroupId, classifyGroups, type ClassifyGroup } from '@huijing/contracts';
import { getTool } from '@huijing/tools';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { ParamForm } from './param-form';

initI18n();
vi.setConfig({ testTimeout: 30_000 });

const COVER = '/files/covers/cream.jpg';

const node = (id: string, parentId: string | null, level: number, name: string, extra = {}) => ({
  id,
  parentId,
  level,
  name,
  nameEn: null,
  sort: 10,
  prompt: '',
  cover: null,
  ...extra,
});

/** getAllClassify as the server answers: every group at its position, two with leaves. */
const tree = (styles: ReturnType<typeof node>[]) =>
  (Object.keys(classifyGroups) as ClassifyGroup[]).map((group) => {
    const id = classifyGroupId(group);
    const base = node(id, null, 1, group);
    if (group === 'interior-style')
      return {
        ...base,
        children: [
          {
            ...node('family-modern', id, 2, '现代'),
            children: styles.map((s) => ({ ...s, parentId: 'family-modern', level: 3 })),
          },
        ],
      };
    if (group === 'home-space') return { ...base, children: [node('space-living', id, 2, '客厅')] };
    return base;
  });

const styles = [
  node('style-cream', null, 3, '奶油风', { nameEn: 'Cream style', cover: COVER }),
  node('style-new-chinese', null, 3, '新中式', { nameEn: 'New Chinese' }),
  node('style-industrial', null, 3, '工业风', { nameEn: 'Industrial' }),
];

/** The real form of the home decoration tool, its values held like the family store holds them. */
const Form = ({ seen }: { seen: (values: Record<string, unknown>) => void }) => {
  const tool = getTool('home-decoration')!;
  const [values, setValues] = useState<Record<string, unknown>>(() => tool.params.parse({}));
  seen(values);
  return (
    <ParamForm
      tool={tool}
      values={values}
      onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      onReset={() => undefined}
    />
  );
};

const picture = (url: string, engine = 'comfyui') => ({
  url,
  width: 480,
  height: 360,
  beforeUrl: null,
  engine,
  model: null,
  prompt: 'x',
  madeAt: '2026-11-26T00:00:00.000Z',
  bundled: false,
});

const setup = (leaves = styles, samples = { style: {}, room: {}, tool: {} }) => {
  fakeApi({
    'GET /ai/getAllClassify': () => ok(tree(leaves)),
    'GET /ai/samples': () => ok(samples),
  });
  let values: Record<string, unknown> = {};
  renderWithProviders(<Form seen={(v) => (values = v)} />);
  return { values: () => values };
};

const styleGroup = () => screen.findByRole('radiogroup', { name: '装修风格' });

afterEach(() => resetFakeApi());

describe('the style picker of a render tool', () => {
  it('shows the cover when a style has one and a drawn swatch otherwise', async () => {
    setup();
    const group = await styleGroup();
    const cards = within(group).getAllByRole('radio');
    expect(cards.map((c) => c.textContent)).toEqual(['不限', '奶油风', '新中式', '工业风']);
    const cream = within(group).getByRole('radio', { name: '奶油风' });
    expect(cream).toHaveAttribute('data-swatch', 'cover');
    expect(cream.querySelector('img')).toHaveAttribute('src', COVER);
    expect(cream.querySelector('img')).not.toHaveAttribute('srcset');
    const chinese = within(group).getByRole('radio', { name: '新中式' });
    const industrial = within(group).getByRole('radio', { name: '工业风' });
    for (const card of [chinese, industrial]) {
      expect(card).toHaveAttribute('data-swatch', 'drawn');
      expect(card.querySelector('img')).toBeNull();
    }
    // Each drawn swatch is the style's own (walnut and ink, concrete and black steel).
    const pic = (card: HTMLElement) => card.querySelector<HTMLElement>('.hj-style-pick__pic')!;
    // (jsdom writes the colours back as rgb().)
    expect(pic(chinese).getAttribute('style')).toContain('rgb(91, 58, 41)'); // #5b3a29
    expect(pic(industrial).getAttribute('style')).toContain('rgb(31, 31, 31)'); // #1f1f1f
    expect(pic(chinese).getAttribute('style')).not.toBe(pic(industrial).getAttribute('style'));
  });

  it("shows this installation's example picture where a style or room has no cover", async () => {
    setup(styles, {
      style: {
        'style-new-chinese': picture('/api/ai/samples/file/style-style-new-chinese.webp?v=1'),
        'style-cream': picture('/api/ai/samples/file/style-style-cream.webp?v=1'),
      },
      room: { 'space-living': picture('/api/ai/samples/file/room-space-living.webp?v=1') },
      tool: {},
    });
    const group = await styleGroup();
    const chinese = within(group).getByRole('radio', { name: '新中式' });
    await waitFor(() => expect(chinese).toHaveAttribute('data-swatch', 'sample'));
    const img = chinese.querySelector('img')!;
    // Scaled for the 120 × 90 swatch (144 px on the shorter side), 288 px on a 2× screen.
    expect(img).toHaveAttribute(
      'src',
      '/api/ai/samples/file/style-style-new-chinese.webp?v=1&w=144',
    );
    expect(img).toHaveAttribute(
      'srcset',
      '/api/ai/samples/file/style-style-new-chinese.webp?v=1&w=144 1x, /api/ai/samples/file/style-style-new-chinese.webp?v=1&w=288 2x',
    );
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '120');
    expect(img).toHaveAttribute('height', '90');
    expect(chinese).toHaveAttribute('title', expect.stringContaining('示例 · 本站 AI 引擎生成'));
    // The catalogue's own cover wins; a style without either keeps its drawn swatch.
    const cream = within(group).getByRole('radio', { name: '奶油风' });
    expect(cream.querySelector('img')).toHaveAttribute('src', COVER);
    expect(within(group).getByRole('radio', { name: '工业风' })).toHaveAttribute(
      'data-swatch',
      'drawn',
    );
    expect(
      screen.getAllByText('没有封面的选项显示示例图，由本站 AI 引擎生成').length,
    ).toBeGreaterThan(0);
    const rooms = await screen.findByRole('radiogroup', { name: '空间类型' });
    const living = within(rooms).getByRole('radio', { name: '客厅' });
    expect(living.querySelector('img')).toHaveAttribute(
      'src',
      '/api/ai/samples/file/room-space-living.webp?v=1&w=144',
    );
  });

  it('changes the form value on a click and marks the card chosen', async () => {
    const form = setup();
    const group = await styleGroup();
    fireEvent.click(within(group).getByRole('radio', { name: '新中式' }));
    await waitFor(() => expect(form.values().style).toBe('style-new-chinese'));
    expect(within(group).getByRole('radio', { name: '新中式' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(group).getAllByRole('radio', { checked: true })).toHaveLength(1);
    // "不限" gives the empty value back: the server then recognises the style from the image.
    fireEvent.click(within(group).getByRole('radio', { name: '不限' }));
    await waitFor(() => expect(form.values().style).toBe(''));
  });

  it('is one tab stop, and the arrow keys, Home and End move the choice', async () => {
    const form = setup();
    const group = await styleGroup();
    const radios = () => within(group).getAllByRole('radio');
    // The tool's default style is not in this catalogue, so "不限" is the chosen card.
    expect(
      radios()
        .filter((r) => r.tabIndex === 0)
        .map((r) => r.textContent),
    ).toEqual(['不限']);
    act(() => radios()[0]!.focus());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(form.values().style).toBe('style-cream'));
    expect(document.activeElement).toHaveTextContent('奶油风');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(form.values().style).toBe('style-new-chinese'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(form.values().style).toBe('style-industrial'));
    expect(document.activeElement).toHaveTextContent('工业风');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(form.values().style).toBe(''));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(form.values().style).toBe('style-industrial'));
    expect(
      radios()
        .filter((r) => r.tabIndex === 0)
        .map((r) => r.textContent),
    ).toEqual(['工业风']);
  });

  it('offers a search over a long list, by Chinese or English name', async () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      node(`style-extra-${i}`, null, 3, `风格${i}`, { nameEn: `Extra ${i}` }),
    );
    setup([...styles, ...many]);
    const group = await styleGroup();
    expect(within(group).getAllByRole('radio')).toHaveLength(18);
    const search = screen.getByRole('textbox', { name: '搜索17个选项' });
    fireEvent.change(search, { target: { value: 'industrial' } });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('radio')
          .map((r) => r.textContent),
      ).toEqual(['工业风']),
    );
    fireEvent.change(search, { target: { value: '没有这个' } });
    expect(await screen.findByText('没有找到“没有这个”')).toBeInTheDocument();
    // The space picker has one choice: no search box of its own.
    const spaces = screen.getByRole('radiogroup', { name: '空间类型' });
    expect(
      within(spaces)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['不限', '客厅']);
  });
});
