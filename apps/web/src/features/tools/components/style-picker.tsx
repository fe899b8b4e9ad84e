import { CheckOutlined } from '@ant-design/icons';
import {
  classifyGroups,
  flattenClassify,
  sampleImageSources,
  type ClassifyGroup,
} from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/antd-look';
import { SearchBox } from '../../../components/plain-controls';
import { sampleMaker, samplesQuery } from '../../../lib/samples';
import { classifyQuery } from '../api/tools.api';
import { noneSwatch, sceneFor, styleSwatch } from './style-swatch';
import './style-picker.css';

/** Past this many choices the picker offers a search box. */
const SEARCH_FROM = 12;

/** The swatch's picture box (CSS px). */
const PIC_W = 120;
const PIC_H = 90;

interface Choice {
  id: string;
  name: string;
  hint: string;
  search: string;
  /** The catalogue's cover, or this installation's example scaled for the swatch (1×, 2×). */
  cover: { src: string; srcSet?: string } | null;
  /** Says the cover is an example this installation made (lib/samples.ts), and by what. */
  sample: 'local' | 'ai' | null;
  swatch: string;
}

const nextIndex = (key: string, at: number, count: number): number | undefined => {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (at + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (at - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
};

/**
 * A catalogue picker as picture cards: the category's cover when it has one, otherwise a swatch
 * drawn in its palette (style-swatch.ts). A radio group: Tab reaches the chosen card, the arrow
 * keys, Home and End move the choice. Long lists get a search box and scroll inside the card.
 * The first card, "不限", is the empty value: the server then recognises it from the image.
 */
export const StylePicker = ({
  id,
  labelId,
  catalog,
  value,
  onChange,
}: {
  id: string;
  labelId: string;
  catalog: ClassifyGroup;
  value: unknown;
  onChange: (value: string) => void;
}) => {
  const { t, i18n } = useTranslation();
  const en = i18n.resolvedLanguage === 'en-US';
  const { data, isPending, isError } = useQuery(classifyQuery());
  const { data: samples } = useQuery(samplesQuery());
  const [query, setQuery] = useState('');
  const grid = useRef<HTMLDivElement>(null);

  const choices = useMemo<Choice[]>(() => {
    const group = data?.[classifyGroups[catalog]];
    if (!group) return [];
    const scene = sceneFor(catalog);
    return flattenClassify(group).map((leaf) => {
      // The catalogue's own cover first; else the example this installation made of the entry.
      const sample = leaf.cover ? undefined : (samples?.style[leaf.id] ?? samples?.room[leaf.id]);
      return {
        id: leaf.id,
        name: en ? (leaf.nameEn ?? leaf.name) : leaf.name,
        hint: leaf.path.slice(1).join(' · '),
        search: `${leaf.name} ${leaf.nameEn ?? ''} ${leaf.path.join(' ')}`.toLowerCase(),
        cover: leaf.cover
          ? { src: leaf.cover }
          : sample
            ? sampleImageSources(sample.url, PIC_W)
            : null,
        sample: sample ? sampleMaker(sample) : null,
        swatch: styleSwatch(leaf.id, leaf, scene),
      };
    });
  }, [data, samples, catalog, en]);

  const current = typeof value === 'string' ? value : '';
  // A default id the catalogue no longer holds means "no preference" (the server agrees).
  const chosen = choices.some((c) => c.id === current) ? current : '';
  const q = query.trim().toLowerCase();
  const none: Choice = {
    id: '',
    name: t('generation.picker.none'),
    hint: t('generation.picker.noneHint'),
    search: '',
    cover: null,
    sample: null,
    swatch: noneSwatch,
  };
  const visible = q ? choices.filter((c) => c.search.includes(q)) : [none, ...choices];
  const shownSample = visible.find((c) => c.sample)?.sample;
  const tabStop = visible.some((c) => c.id === chosen) ? chosen : visible[0]?.id;

  // Long lists scroll inside the card: bring the chosen one into view without moving the page.
  // "No preference" is the first tile, always in view. Otherwise the positions are read after the
  // browser's next layout: read at once (this effect runs in the commit) they force a layout of
  // the whole page (~100 ms of the tool page's start at 4× CPU).
  const scrollTo = chosen !== '';
  useEffect(() => {
    if (!scrollTo) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const box = grid.current;
        const on = box?.querySelector<HTMLElement>('[aria-checked="true"]');
        if (box && on) box.scrollTop = Math.max(0, on.offsetTop - box.offsetTop - 8);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [choices.length, scrollTo]);

  if (isPending) return <Skeleton.Button block style={{ height: 96 }} />;
  if (isError) return <p className="hj-tool-field__note">{t('tools.form.catalogFailed')}</p>;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const to = nextIndex(e.key, at, visible.length);
    if (to === undefined) return;
    e.preventDefault();
    onChange(visible[to]!.id);
    grid.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[to]?.focus();
  };

  return (
    <div className="hj-style-picker">
      {choices.length > SEARCH_FROM ? (
        <SearchBox
          placeholder={t('generation.picker.search', { count: choices.length })}
          aria-label={t('generation.picker.search', { count: choices.length })}
          clearLabel={t('generation.picker.clearSearch')}
          value={query}
          onChange={setQuery}
        />
      ) : null}
      <div
        ref={grid}
        id={id}
        role="radiogroup"
        aria-labelledby={labelId}
        className="hj-style-picker__grid"
      >
        {visible.map((c, i) => {
          const on = c.id === chosen;
          return (
            <button
              key={c.id || 'none'}
              type="button"
              role="radio"
              aria-checked={on}
              tabIndex={c.id === tabStop ? 0 : -1}
              title={
                [c.hint, c.sample ? t(`firstHour.sample.${c.sample}`) : '']
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              className={`hj-style-pick${on ? ' is-on' : ''}`}
              data-style={c.id}
              data-swatch={c.sample ? 'sample' : c.cover ? 'cover' : 'drawn'}
              onClick={() => onChange(c.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              <span
                className="hj-style-pick__pic"
                style={c.cover ? undefined : { background: c.swatch }}
                aria-hidden
              >
                {c.cover ? (
                  <img
                    {...c.cover}
                    alt=""
                    width={PIC_W}
                    height={PIC_H}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                {on ? <CheckOutlined className="hj-style-pick__check" /> : null}
              </span>
              <span className="hj-style-pick__name">{c.name}</span>
            </button>
          );
        })}
      </div>
      {shownSample ? (
        <p className="hj-style-picker__sample">
          {t('firstHour.sample.pickerNote', { who: t(`firstHour.sample.${shownSample}Who`) })}
        </p>
      ) : null}
      {visible.length === 0 ? (
        <p className="hj-tool-field__note">{t('generation.picker.empty', { query })}</p>
      ) : null}
    </div>
  );
};
