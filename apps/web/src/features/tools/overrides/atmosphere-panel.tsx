import { useLocalized } from '../../../components/use-localized';
import { useTranslation } from 'react-i18next';
import './atmosphere-panel.css';
import type { OverrideProps } from './override-types';
import { OptionCards } from './option-cards';

/** A small painted scene per preset: sky, light and a building silhouette, in CSS only. */
const Scene = ({ id }: { id: string }) => (
  <span className={`hj-scene hj-scene--${id}`} aria-hidden="true">
    <span className="hj-scene__light" />
    <span className="hj-scene__house" />
    <span className="hj-scene__ground" />
  </span>
);

/** Atmosphere change: the presets as visual cards instead of a drop-down. */
export const AtmospherePanel = ({ tool, values, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const options = tool.widgets.atmosphere?.options ?? [];
  return (
    <section className="hj-ws-card hj-edit-card" aria-label={t('editing.atmosphere.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('editing.atmosphere.title')}</h2>
      </header>
      <OptionCards
        label={t('editing.atmosphere.title')}
        value={values.atmosphere as string}
        onChange={(v) => setParam('atmosphere', v)}
        columns={4}
        className="hj-option-cards--compact"
        options={options.map((o) => {
          const id = String(o.value);
          return {
            value: id,
            art: <Scene id={id} />,
            title: pick(o.label),
            body: <small>{t(`editing.atmosphere.${id}` as 'editing.atmosphere.day')}</small>,
          };
        })}
      />
      <p className="hj-edit-card__note">{t('editing.atmosphere.note')}</p>
    </section>
  );
};
