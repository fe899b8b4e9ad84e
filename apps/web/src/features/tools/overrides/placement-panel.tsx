import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import './placement-panel.css';
import { useLocalized } from '../../../components/use-localized';
import type { OverrideProps } from './override-types';

/** How much of the scene's short side the object sketch takes, per size choice. */
const sketchScale: Record<string, number> = { small: 0.22, medium: 0.32, large: 0.46 };

/**
 * Wanwuqianyi: a 3 × 3 grid over the scene picks where the object goes; the object's own
 * picture is sketched in the chosen cell at the chosen size, so the choice reads at a glance.
 */
export const PlacementPanel = ({ tool, values, inputs, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const scene = inputs['upload_img']?.[0];
  const object = inputs['object_img']?.[0];
  const cells = tool.widgets.placement?.options ?? [];
  const sizes = tool.widgets.objectScale?.options ?? [];
  const current = String(values.placement);
  const index = Math.max(
    0,
    cells.findIndex((c) => c.value === current),
  );
  const scale = sketchScale[String(values.objectScale)] ?? sketchScale.medium!;
  const move = (dx: number, dy: number) => {
    const col = Math.min(2, Math.max(0, (index % 3) + dx));
    const row = Math.min(2, Math.max(0, Math.floor(index / 3) + dy));
    const next = cells[row * 3 + col];
    if (next) setParam('placement', next.value);
  };
  return (
    <section className="hj-ws-card hj-edit-card" aria-label={t('editing.placement.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('editing.placement.title')}</h2>
        <small>{t('editing.placement.help')}</small>
      </header>
      <div
        className="hj-placement"
        style={{
          aspectRatio: scene ? `${scene.width} / ${scene.height}` : '4 / 3',
          backgroundImage: scene ? `url("${scene.thumbUrl ?? scene.url}")` : undefined,
        }}
        role="radiogroup"
        aria-label={pick(tool.widgets.placement!.label)}
        onKeyDown={(e) => {
          const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[
            e.key
          ];
          if (!d) return;
          e.preventDefault();
          move(d[0]!, d[1]!);
          requestAnimationFrame(() =>
            e.currentTarget?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus(),
          );
        }}
      >
        {cells.map((c, i) => {
          const checked = i === index;
          const label = pick(c.label);
          return (
            <button
              key={String(c.value)}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={t('editing.placement.cell', { label })}
              tabIndex={checked ? 0 : -1}
              data-col={i % 3}
              data-row={Math.floor(i / 3)}
              className={`hj-placement__cell${checked ? ' is-checked' : ''}`}
              onClick={() => setParam('placement', c.value)}
            >
              {checked ? (
                object ? (
                  <img
                    src={object.thumbUrl ?? object.url}
                    alt=""
                    style={{ height: `${scale * 300}%` }}
                  />
                ) : (
                  <span className="hj-placement__dot" style={{ width: `${scale * 300}%` }} />
                )
              ) : null}
            </button>
          );
        })}
      </div>
      <p className="hj-edit-card__note">{t('editing.placement.preview')}</p>
      <div className="hj-tool-field">
        <div className="hj-tool-field__head">
          <span className="hj-tool-field__label">{t('editing.placement.size')}</span>
        </div>
        <Segmented
          block
          value={String(values.objectScale)}
          onChange={(v) => setParam('objectScale', v)}
          options={sizes.map((o) => ({ value: String(o.value), label: pick(o.label) }))}
        />
      </div>
    </section>
  );
};
