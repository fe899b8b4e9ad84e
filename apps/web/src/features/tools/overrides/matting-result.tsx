import { BgColorsOutlined, DownloadOutlined, HighlightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './matting-result.css';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../results/render-download';
import { flattenPixels, mattingBackgrounds, parseHex } from './flatten';
import type { OverrideProps, ResultOverrideProps } from './override-types';

type BackgroundId = (typeof mattingBackgrounds)[number]['id'] | 'custom';

const loadImage = (url: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image failed'));
    img.src = url;
  });

/** The cut-out laid on a flat colour at full size, as a PNG blob. */
const composeOnColor = async (url: string, hex: string): Promise<Blob> => {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error('bad colour');
  const img = await loadImage(url);
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
  flattenPixels(data.data, rgb);
  ctx.putImageData(data, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/png'),
  );
};

/** Matting, after a run: pick a background (free, applied in the browser) and refine. */
export const MattingResult = ({ task, backToInputs }: ResultOverrideProps) => {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<BackgroundId>('transparent');
  const [custom, setCustom] = useState('#f2c94c');
  const [busy, setBusy] = useState(false);
  const output = task.outputs[0];
  if (!output) return null;
  const color =
    choice === 'custom' ? custom : mattingBackgrounds.find((b) => b.id === choice)?.color;
  const name = `huijing-${task.taskId.slice(0, 8)}-${color ? color.slice(1) : 'transparent'}.png`;

  const download = async () => {
    if (!color) return;
    setBusy(true);
    try {
      saveBlob(await composeOnColor(output.url, color), name);
    } catch {
      notify(t('editing.matting.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="hj-edit-result" aria-label={t('editing.matting.background')}>
      <header className="hj-edit-result__head">
        <h3>
          <BgColorsOutlined /> {t('editing.matting.background')}
        </h3>
        <small>{t('editing.matting.backgroundHelp')}</small>
      </header>
      <div className="hj-matting">
        <div
          className={`hj-matting__preview${color ? '' : ' hj-checker'}`}
          style={color ? { background: color } : undefined}
          data-testid="matting-preview"
        >
          <img src={output.url} alt={t('tools.result.alt')} />
        </div>
        <div className="hj-matting__side">
          <div
            className="hj-matting__swatches"
            role="radiogroup"
            aria-label={t('editing.matting.background')}
          >
            {mattingBackgrounds.map((b) => (
              <button
                key={b.id}
                type="button"
                role="radio"
                aria-checked={choice === b.id}
                aria-label={t(`editing.matting.${b.id}`)}
                title={t(`editing.matting.${b.id}`)}
                className={`hj-swatch${choice === b.id ? ' is-checked' : ''}${b.color ? '' : ' hj-checker'}`}
                style={b.color ? { background: b.color } : undefined}
                onClick={() => setChoice(b.id)}
              />
            ))}
            <label
              className={`hj-swatch hj-swatch--custom${choice === 'custom' ? ' is-checked' : ''}`}
              style={{ background: custom }}
              title={t('editing.matting.custom')}
            >
              <input
                type="color"
                aria-label={t('editing.matting.custom')}
                value={custom}
                onChange={(e) => {
                  setCustom(e.target.value);
                  setChoice('custom');
                }}
                onClick={() => setChoice('custom')}
              />
            </label>
          </div>
          <div className="hj-matting__actions">
            {color ? (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={busy}
                onClick={() => void download()}
              >
                {t('editing.matting.download')}
              </Button>
            ) : null}
            <Button icon={<HighlightOutlined />} onClick={backToInputs}>
              {t('editing.matting.refine')}
            </Button>
          </div>
          <p className="hj-edit-card__note">{t('editing.matting.refineHow')}</p>
        </div>
      </div>
    </section>
  );
};

/** Matting, before a run: what happens without marks and how the brush helps. */
export const MattingPanel = (_props: OverrideProps) => {
  const { t } = useTranslation();
  return (
    <section className="hj-ws-card hj-edit-card" aria-label={t('editing.matting.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('editing.matting.title')}</h2>
      </header>
      <p className="hj-edit-card__note">{t('editing.matting.how')}</p>
      <p className="hj-edit-card__note">{t('editing.matting.refineHow')}</p>
    </section>
  );
};
