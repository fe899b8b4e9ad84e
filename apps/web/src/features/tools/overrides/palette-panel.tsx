import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../components/use-localized';
import type { OverrideProps } from './override-types';
import { OptionCards } from './option-cards';
import {
  applyMood,
  dominantColors,
  paletteMoods,
  pictureKind,
  roomFillColors,
  samplePlanColors,
  toHex,
  type PaletteMood,
  type PictureKind,
  type Rgb,
} from './palette-model';

/** The upload's dominant colours and what kind of picture it is, from a small canvas copy. */
const readColors = (url: string): Promise<{ colors: Rgb[]; kind: PictureKind }> =>
  new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      const side = 64;
      const k = side / Math.max(img.naturalWidth, img.naturalHeight);
      const w = Math.max(1, Math.round(img.naturalWidth * k));
      const h = Math.max(1, Math.round(img.naturalHeight * k));
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [w, h];
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('no canvas'));
      ctx.drawImage(img, 0, 0, w, h);
      const data = ctx.getImageData(0, 0, w, h).data;
      resolve({ colors: dominantColors(data, 6), kind: pictureKind(data) });
    };
    img.onerror = () => reject(new Error('image failed'));
    img.src = url;
  });

/** Colour flat plan: each palette mood as a card of swatches, from the upload when there is one. */
export const PalettePanel = ({ tool, values, inputs, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const image = inputs['upload_img']?.[0];
  const url = image?.thumbUrl ?? image?.url;
  const colors = useQuery({
    queryKey: ['hj-dominant-colors', 2, url],
    queryFn: () => readColors(url!),
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: false,
  });
  const kind = colors.data?.kind;
  // A line plan: "沿用原图色" fills its rooms from the engine's palette, so show that palette.
  const base =
    kind === 'line-plan'
      ? roomFillColors
      : colors.data?.colors.length
        ? colors.data.colors
        : samplePlanColors;
  const labels = new Map(
    (tool.widgets.palette?.options ?? []).map((o) => [String(o.value), pick(o.label)]),
  );
  return (
    <section className="hj-ws-card hj-edit-card" aria-label={t('editing.palette.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('editing.palette.title')}</h2>
        <small>
          {kind === 'line-plan'
            ? t('firstHour.plan.rooms')
            : colors.data?.colors.length
              ? t('editing.palette.fromImage')
              : t('editing.palette.sample')}
        </small>
      </header>
      <OptionCards<PaletteMood>
        label={t('editing.palette.title')}
        value={values.palette as PaletteMood}
        onChange={(v) => setParam('palette', v)}
        columns={2}
        options={paletteMoods.map((mood) => ({
          value: mood,
          art: (
            <span className="hj-swatches" data-mood={mood}>
              {applyMood(base, mood).map((c, i) => (
                <span key={i} style={{ background: toHex(c) }} />
              ))}
            </span>
          ),
          title: labels.get(mood) ?? mood,
        }))}
      />
      {kind === 'photo' ? (
        <p className="hj-edit-card__warn" role="alert" data-testid="plan-photo-warning">
          <WarningOutlined /> {t('firstHour.plan.photo')}
        </p>
      ) : null}
    </section>
  );
};
