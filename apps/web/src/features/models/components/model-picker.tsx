import { useQuery } from '@tanstack/react-query';
import { Segmented, Select, Slider } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../components/use-session';
import { usableModelsQuery } from '../api/models.api';
import '../models.css';

export type ModelPickerProps = {
  values: Record<string, unknown>;
  setParam: (name: string, value: unknown) => void;
};

/**
 * 我的模型 / 模型广场 on a render tool's form: picks `loraId` (own finished models or published
 * ones) and its strength. A link with ?loraId= (使用此模型) selects that model on arrival.
 */
export const ModelPicker = ({ values, setParam }: ModelPickerProps) => {
  const { t } = useTranslation();
  const { signedIn } = useCurrentUser();
  const usable = useQuery(usableModelsQuery(signedIn));
  const [search, setSearch] = useSearchParams();
  const incoming = search.get('loraId');
  // setParam is a new function on every render of the tool page: follow the link once.
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (incoming === null || followed.current === incoming) return;
    followed.current = incoming;
    setParam('loraId', incoming);
    const rest = new URLSearchParams(search);
    rest.delete('loraId');
    setSearch(rest, { replace: true });
  }, [incoming, search, setSearch, setParam]);

  const selected = typeof values.loraId === 'string' ? values.loraId : '';
  const chosen = usable.data?.find((m) => m.id === selected);
  const [tab, setTab] = useState<'mine' | 'square'>(chosen && !chosen.mine ? 'square' : 'mine');
  if (!signedIn) return null;
  const options = (usable.data ?? []).filter((m) => (tab === 'mine' ? m.mine : !m.mine));
  const strength = typeof values.loraStrength === 'number' ? values.loraStrength : 0.8;

  return (
    <section
      className="hj-model-picker"
      aria-label={t('models.picker.label')}
      data-testid="model-picker"
    >
      <div className="hj-model-picker__head">
        <span>{t('models.picker.label')}</span>
        <Segmented
          size="small"
          value={tab}
          onChange={(v) => setTab(v as 'mine' | 'square')}
          options={[
            { label: t('models.picker.mine'), value: 'mine' },
            { label: t('models.picker.square'), value: 'square' },
          ]}
        />
      </div>
      <Select
        allowClear
        className="hj-model-picker__select"
        placeholder={t('models.picker.none')}
        value={selected || undefined}
        loading={usable.isPending}
        onChange={(v) => setParam('loraId', v ?? undefined)}
        options={[...(chosen && !options.includes(chosen) ? [chosen] : []), ...options].map(
          (m) => ({
            value: m.id,
            label: (
              <span className="hj-model-picker__option">
                {m.coverUrl ? <img src={m.coverUrl} alt="" /> : null}
                {m.name} <small>{m.domainName}</small>
              </span>
            ),
          }),
        )}
        notFoundContent={
          tab === 'mine' ? (
            <span>
              {t('models.picker.emptyMine')}{' '}
              <Link to="/modelTrain">{t('models.picker.train')}</Link>
            </span>
          ) : (
            <Link to="/modelsquare">{t('models.picker.browse')}</Link>
          )
        }
        data-testid="model-select"
      />
      {chosen ? (
        <>
          <label className="hj-model-picker__strength">
            <span>
              {t('models.picker.strength')} {strength.toFixed(2)}
            </span>
            <Slider
              min={0}
              max={1.5}
              step={0.05}
              value={strength}
              onChange={(v) => setParam('loraStrength', v)}
            />
          </label>
          <p className="hj-models__note">
            {t('models.picker.trigger', { word: chosen.triggerWord })}
          </p>
        </>
      ) : null}
    </section>
  );
};
