import { InputNumber, Segmented, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import './compress.css';
import { useLocalized } from '../../../components/use-localized';
import { formatBytes, targetPresetsKB } from './file-size';
import type { OverrideProps } from './override-types';
import { useFileSize } from './use-file-size';

const DEFAULT_TARGET_KB = 500;
const DEFAULT_QUALITY = 80;
/** The format segment's "keep" choice: no `format` parameter is sent. */
const KEEP_FORMAT = 'keep';

/**
 * Compress: either a target size (with one-tap presets) or a quality. The mode is the data: a
 * target size set means "by size", so the two can never be sent half-and-half.
 */
export const CompressPanel = ({ tool, values, inputs, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const image = inputs['upload_img']?.[0];
  const original = useFileSize(image?.url);
  const targetKB = typeof values.targetKB === 'number' ? values.targetKB : undefined;
  const quality = typeof values.quality === 'number' ? values.quality : DEFAULT_QUALITY;
  const mode = targetKB === undefined ? 'quality' : 'size';
  const setMode = (next: string) => {
    if (next === mode) return;
    setParam('quality', undefined);
    setParam('targetKB', next === 'size' ? DEFAULT_TARGET_KB : undefined);
  };
  return (
    <section className="hj-ws-card hj-edit-card" aria-label={t('editing.compress.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('editing.compress.title')}</h2>
        {original.data !== undefined ? (
          <small data-testid="compress-original-size">
            {t('editing.compress.originalSize', { size: formatBytes(original.data.bytes) })}
          </small>
        ) : null}
      </header>
      <div className="hj-tool-field">
        <div className="hj-tool-field__head">
          <span className="hj-tool-field__label">{t('editing.compress.format')}</span>
        </div>
        <Segmented
          block
          value={typeof values.format === 'string' ? values.format : KEEP_FORMAT}
          onChange={(v) => setParam('format', v === KEEP_FORMAT ? undefined : v)}
          options={[
            { value: KEEP_FORMAT, label: t('editing.compress.keepFormat') },
            ...(tool.widgets.format?.options ?? []).map((o) => ({
              value: String(o.value),
              label: pick(o.label),
            })),
          ]}
        />
        <p className="hj-edit-card__note">{t('editing.compress.formatHelp')}</p>
      </div>
      <Segmented
        block
        value={mode}
        onChange={(v) => setMode(String(v))}
        options={[
          { value: 'size', label: t('editing.compress.bySize') },
          { value: 'quality', label: t('editing.compress.byQuality') },
        ]}
      />
      {mode === 'size' ? (
        <div className="hj-compress__mode">
          <div
            className="hj-compress__presets"
            role="group"
            aria-label={t('editing.compress.target')}
          >
            {targetPresetsKB.map((kb) => (
              <button
                key={kb}
                type="button"
                aria-pressed={targetKB === kb}
                className={`hj-chip${targetKB === kb ? ' is-active' : ''}`}
                onClick={() => setParam('targetKB', kb)}
              >
                {kb < 1024 ? `${kb} KB` : `${kb / 1024} MB`}
              </button>
            ))}
          </div>
          <InputNumber
            aria-label={t('editing.compress.target')}
            style={{ width: '100%' }}
            min={10}
            max={100_000}
            step={10}
            value={targetKB}
            addonAfter={t('editing.compress.kb')}
            onChange={(v) => v !== null && setParam('targetKB', v)}
          />
          <p className="hj-edit-card__note">{t('editing.compress.sizeHelp')}</p>
        </div>
      ) : (
        <div className="hj-compress__mode">
          <div className="hj-compress__quality">
            <span>{t('editing.compress.quality', { q: quality })}</span>
          </div>
          <Slider
            aria-label={t('editing.compress.quality', { q: quality })}
            min={10}
            max={100}
            step={1}
            value={quality}
            onChange={(v) => setParam('quality', v)}
          />
          <div className="hj-compress__ends">
            <small>{t('editing.compress.small')}</small>
            <small>{t('editing.compress.sharp')}</small>
          </div>
          <p className="hj-edit-card__note">{t('editing.compress.qualityHelp')}</p>
        </div>
      )}
    </section>
  );
};
