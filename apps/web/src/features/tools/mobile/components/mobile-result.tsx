import type { TaskInfo } from '@huijing/contracts';
import { Segmented } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from '../../components/compare-slider';

/**
 * A finished run on a phone: the outputs side by side in a snap carousel (swipe between them),
 * and for an image with a known original a before/after view where the finger drags the divider
 * instead of swiping.
 */
export const MobileResult = ({
  task,
  before,
  index,
  onIndex,
}: {
  task: TaskInfo;
  before?: string;
  index: number;
  onIndex: (index: number) => void;
}) => {
  const { t } = useTranslation();
  const [view, setView] = useState<'result' | 'compare'>('result');
  const track = useRef<HTMLDivElement>(null);
  const outputs = task.outputs;
  const current = outputs[index];
  if (!current) return <p className="hj-mf-note">{t('tools.result.empty')}</p>;
  const canCompare = Boolean(before) && current.kind === 'image';

  const goTo = (i: number) => {
    onIndex(i);
    const el = track.current;
    if (el) el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  };

  return (
    <div className="hj-mf-result">
      {canCompare ? (
        <Segmented
          block
          className="hj-mf-result__views"
          value={view}
          onChange={(v) => setView(v as 'result' | 'compare')}
          options={[
            { value: 'result', label: t('mobile.done.result') },
            { value: 'compare', label: t('mobile.done.compare') },
          ]}
        />
      ) : null}
      {view === 'compare' && canCompare ? (
        <div className="hj-mf-result__compare">
          <CompareSlider before={before!} after={current.url} alt={t('tools.result.alt')} />
        </div>
      ) : (
        <div
          ref={track}
          className="hj-mf-result__track"
          aria-label={outputs.length > 1 ? t('mobile.done.swipe') : undefined}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.clientWidth === 0) return;
            const i = Math.round(el.scrollLeft / el.clientWidth);
            if (i !== index && i >= 0 && i < outputs.length) onIndex(i);
          }}
        >
          {outputs.map((o, i) => (
            <figure key={o.url} className="hj-mf-result__slide">
              {o.kind === 'video' ? (
                <video src={o.url} controls playsInline preload="metadata" />
              ) : (
                <img
                  src={o.url}
                  alt={`${t('tools.result.alt')} ${outputs.length > 1 ? i + 1 : ''}`.trim()}
                />
              )}
            </figure>
          ))}
        </div>
      )}
      <div className="hj-mf-result__meta">
        <span>
          {t('tools.result.done')} · {current.width} × {current.height}
          {typeof current.structureScore === 'number'
            ? ` · ${t('results.structure', { percent: Math.round(current.structureScore * 100) })}`
            : null}
        </span>
        {outputs.length > 1 ? (
          <span>{t('mobile.done.counter', { index: index + 1, count: outputs.length })}</span>
        ) : null}
      </div>
      {outputs.length > 1 && view === 'result' ? (
        <div className="hj-mf-dots" role="tablist" aria-label={t('tools.result.outputs')}>
          {outputs.map((o, i) => (
            <button
              key={o.url}
              type="button"
              role="tab"
              aria-selected={i === index}
              aria-label={t('mobile.done.show', { index: i + 1 })}
              className={i === index ? 'is-active' : undefined}
              onClick={() => goTo(i)}
            >
              <span />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
};
