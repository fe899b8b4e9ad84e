import { CrownOutlined, ExperimentOutlined, LoginOutlined } from '@ant-design/icons';
import { TRAIN_LIMITS, ticketTypeNames } from '@huijing/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Collapse, Input, InputNumber, Skeleton, Space, Tag } from 'antd';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useRecharge } from '../../../components/recharge.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import {
  domainsQuery,
  modelsKeys,
  rightInfoQuery,
  runDoctor,
  startTraining,
  uploadPicture,
} from '../api/models.api';
import { DatasetUploader, type DatasetPicture } from './dataset-uploader';
import { TrainVipTags } from './train-vip-tags';
import '../models.css';
import { AutoTextArea } from '../../../components/auto-text-area';

let keySeq = 0;
const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message) || fallback;

/** /modelTrain: direction presets, pictures with the doctor's findings, name, advanced, price. */
export const ModelTrainPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { signedIn, user } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const openRecharge = useRecharge((s) => s.openRecharge);
  const openVip = () => openRecharge({ tab: 'vip', reason: 'vip-required' });
  const domains = useQuery(domainsQuery());
  const right = useQuery(rightInfoQuery(signedIn));
  // Training is a member perk, enforced by the server; the session updates right after a purchase.
  const needsVip = Boolean(right.data?.vipRequired && !(user?.vip.isVip ?? right.data.isVip));

  const [domainKey, setDomainKey] = useState<string>();
  const [pictures, setPictures] = useState<DatasetPicture[]>([]);
  const [uploading, setUploading] = useState(0);
  const [captions, setCaptions] = useState<Record<string, string>>({});
  const [name, setName] = useState('');
  const [trigger, setTrigger] = useState('');
  const [advanced, setAdvanced] = useState<{ steps?: number; rank?: number; lr?: number }>({});

  const domain = domains.data?.find((d) => d.key === domainKey) ?? domains.data?.[0];
  const min = right.data?.minImages ?? 10;
  const max = right.data?.maxImages ?? 50;

  // The doctor runs again whenever the set, the direction or the trigger word changes (once
  // the uploads in flight are done); the last answer stays on screen while the next one loads.
  const triggerWord = useDeferredValue(trigger.trim());
  const ids = pictures.map((p) => p.fileId);
  const doctorQuery = useQuery({
    queryKey: ['models', 'doctor', domain?.key, triggerWord, ids],
    queryFn: () =>
      runDoctor({
        domain: domain!.key,
        images: ids,
        ...(triggerWord && { triggerWord }),
      }),
    enabled: signedIn && Boolean(domain) && ids.length > 0 && uploading === 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const doctor = ids.length > 0 ? doctorQuery.data : undefined;
  const checking = doctorQuery.isFetching;
  useEffect(() => {
    if (doctorQuery.error)
      notify(errorText(doctorQuery.error, t('models.train.unavailable')), 'error');
  }, [doctorQuery.error, t]);

  const addFiles = async (files: File[]) => {
    if (!signedIn) return openLogin({ returnTo: '/modelTrain' });
    const room = Math.max(0, max - pictures.length);
    const batch = files.slice(0, room);
    if (files.length > room)
      notify(t('models.train.count', { n: pictures.length, min, max }), 'warning');
    setUploading((u) => u + batch.length);
    for (const file of batch) {
      try {
        const up = await uploadPicture(file);
        setPictures((ps) => [
          ...ps,
          { key: `p${++keySeq}`, fileId: up.fileId, url: up.url, thumbUrl: up.thumbUrl ?? null },
        ]);
      } catch (e) {
        notify(`${file.name}：${errorText(e, '上传失败')}`, 'error');
      } finally {
        setUploading((u) => u - 1);
      }
    }
  };

  const start = useMutation({
    mutationFn: () =>
      startTraining({
        name: name.trim(),
        domain: domain!.key,
        images: doctor!.accepted.map((a) => a.fileId),
        triggerWord: doctor!.triggerWord,
        captions: Object.fromEntries(
          doctor!.accepted.map((a) => [a.fileId, captions[a.fileId] ?? a.caption]),
        ),
        ...(advanced.steps && { steps: advanced.steps }),
        ...(advanced.rank && { rank: advanced.rank }),
        ...(advanced.lr && { learningRate: advanced.lr }),
      }),
    onSuccess: ({ id }) => {
      notify(t('models.train.started'), 'success');
      void client.invalidateQueries({ queryKey: modelsKeys.all });
      void navigate(`/modelTraining?id=${encodeURIComponent(id)}`);
    },
    onError: (e) => notify(errorText(e, t('models.train.unavailable')), 'error'),
  });

  const usable = doctor?.accepted.length ?? 0;
  const blocker = useMemo(() => {
    if (!signedIn) return t('models.train.login');
    if (right.data && !right.data.available)
      return right.data.reason ?? t('models.train.unavailable');
    if (needsVip) return t('models.train.vipBlocker');
    if (uploading > 0 || checking || !doctor)
      return t('models.train.needPictures', { n: Math.max(0, min - usable) });
    if (usable < min) return t('models.train.needPictures', { n: min - usable });
    if (!doctor.ok)
      return (
        doctor.messages[0] ?? doctor.problems.find((p) => p.reason !== 'duplicate')?.message ?? ''
      );
    if (!name.trim()) return t('models.train.needName');
    return null;
  }, [signedIn, right.data, needsVip, uploading, checking, doctor, usable, min, name, t]);

  const ticket = right.data ? ticketTypeNames[right.data.ticketType as 1 | 2 | 3 | 4]['zh-CN'] : '';

  return (
    <div className="hj-models hj-models-train">
      <header className="hj-models__head">
        <h1>
          <ExperimentOutlined /> {t('models.train.title')}
        </h1>
        <p>{t('models.train.lead', { min, max })}</p>
      </header>
      {right.data && !right.data.available ? (
        <Alert
          type="warning"
          showIcon
          message={t('models.train.unavailable')}
          description={right.data.reason}
        />
      ) : null}
      {needsVip ? (
        <Alert
          className="hj-models-vip"
          type="info"
          showIcon
          icon={<CrownOutlined />}
          message={t('models.train.vipTitle')}
          description={t('models.train.vipHint')}
          action={
            <Button type="primary" icon={<CrownOutlined />} onClick={openVip}>
              {t('models.train.vipOpen')}
            </Button>
          }
        />
      ) : null}

      <section className="hj-models__step" aria-labelledby="step-domain">
        <h2 id="step-domain">{t('models.train.step.domain')}</h2>
        {domains.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <div className="hj-models-domains" role="radiogroup">
            {domains.data?.map((d) => (
              <button
                key={d.key}
                type="button"
                role="radio"
                aria-checked={d.key === domain?.key}
                className={`hj-models-domain${d.key === domain?.key ? ' is-active' : ''}`}
                onClick={() => setDomainKey(d.key)}
              >
                <strong>{d.name}</strong>
                <span>{d.description}</span>
              </button>
            ))}
          </div>
        )}
      </section>

      <section className="hj-models__step" aria-labelledby="step-pictures">
        <h2 id="step-pictures">
          {t('models.train.step.pictures')}
          <small data-testid="picture-count">
            {t('models.train.count', { n: pictures.length, min, max })}
          </small>
        </h2>
        {signedIn ? (
          <DatasetUploader
            pictures={pictures}
            uploading={uploading}
            minShortSide={right.data?.minShortSide ?? 512}
            onFiles={(files) => void addFiles(files)}
            onRemove={(key) => setPictures((ps) => ps.filter((p) => p.key !== key))}
          />
        ) : (
          <Button icon={<LoginOutlined />} onClick={() => openLogin({ returnTo: '/modelTrain' })}>
            {t('models.train.login')}
          </Button>
        )}
        {uploading > 0 ? (
          <p className="hj-models__note">{t('models.train.uploading', { n: uploading })}</p>
        ) : null}
        {checking ? <p className="hj-models__note">{t('models.train.checking')}</p> : null}
        {doctor ? (
          <div className="hj-models-doctor" data-testid="doctor">
            <h3>{t('models.train.doctor.title')}</h3>
            {doctor.ok ? (
              <Alert type="success" showIcon message={t('models.train.doctor.ok', { n: usable })} />
            ) : null}
            {doctor.messages.map((m) => (
              <Alert key={m} type="warning" showIcon message={m} />
            ))}
            {doctor.problems.length > 0 ? (
              <ul className="hj-models-problems">
                {doctor.problems.map((p, i) => (
                  <li key={`${p.image}-${i}`} className={`is-${p.reason}`}>
                    {p.message}
                  </li>
                ))}
              </ul>
            ) : null}
            <p>
              {t('models.train.doctor.buckets')}：
              {doctor.buckets.map((b) => (
                <Tag key={b.name}>
                  {b.name} · {b.width}×{b.height} × {b.count}
                </Tag>
              ))}
            </p>
            <Collapse
              size="small"
              items={[
                {
                  key: 'captions',
                  label: `${t('models.train.doctor.captions')} · ${
                    doctor.captionSource === 'vision'
                      ? t('models.train.doctor.captionVision')
                      : t('models.train.doctor.captionDomain')
                  }`,
                  children: (
                    <ul className="hj-models-captions">
                      {doctor.accepted.map((a) => (
                        <li key={a.fileId}>
                          <img src={a.thumbUrl ?? a.url} alt="" loading="lazy" />
                          <AutoTextArea
                            minRows={1}
                            maxRows={3}
                            maxLength={300}
                            value={captions[a.fileId] ?? a.caption}
                            onChange={(e) =>
                              setCaptions((c) => ({ ...c, [a.fileId]: e.target.value }))
                            }
                          />
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          </div>
        ) : null}
      </section>

      <section className="hj-models__step" aria-labelledby="step-settings">
        <h2 id="step-settings">{t('models.train.step.settings')}</h2>
        <div className="hj-models-form">
          <label>
            <span>{t('models.train.name')}</span>
            <Input
              value={name}
              maxLength={40}
              placeholder={t('models.train.namePlaceholder')}
              onChange={(e) => setName(e.target.value)}
              data-testid="model-name"
            />
          </label>
          <label>
            <span>{t('models.train.trigger')}</span>
            <Input
              value={trigger}
              maxLength={20}
              placeholder={doctor?.triggerWord}
              onChange={(e) => setTrigger(e.target.value.replace(/[^A-Za-z0-9_]/g, ''))}
            />
            <small>{t('models.train.triggerHelp')}</small>
          </label>
        </div>
        <Collapse
          size="small"
          items={[
            {
              key: 'advanced',
              label: t('models.train.advanced'),
              children: (
                <div className="hj-models-advanced">
                  <p className="hj-models__note">{t('models.train.presetNote')}</p>
                  <Space wrap size="large">
                    <label>
                      <span>{t('models.train.steps')}</span>
                      <InputNumber
                        min={TRAIN_LIMITS.steps.min}
                        max={TRAIN_LIMITS.steps.max}
                        step={100}
                        value={advanced.steps ?? domain?.steps}
                        onChange={(v) => setAdvanced((a) => ({ ...a, steps: v ?? undefined }))}
                      />
                    </label>
                    <label>
                      <span>{t('models.train.rank')}</span>
                      <InputNumber
                        min={TRAIN_LIMITS.rank.min}
                        max={TRAIN_LIMITS.rank.max}
                        step={4}
                        value={advanced.rank ?? domain?.rank}
                        onChange={(v) => setAdvanced((a) => ({ ...a, rank: v ?? undefined }))}
                      />
                    </label>
                    <label>
                      <span>{t('models.train.lr')}</span>
                      <InputNumber
                        min={TRAIN_LIMITS.learningRate.min}
                        max={TRAIN_LIMITS.learningRate.max}
                        step={0.00005}
                        value={advanced.lr ?? domain?.learningRate}
                        onChange={(v) => setAdvanced((a) => ({ ...a, lr: v ?? undefined }))}
                      />
                    </label>
                  </Space>
                </div>
              ),
            },
          ]}
        />
      </section>

      <div className="hj-models-start">
        <p data-testid="train-price">
          {right.data ? t('models.train.price', { price: right.data.priceTickets, ticket }) : null}
        </p>
        {right.data ? (
          <TrainVipTags
            perks={right.data.vipPerks}
            vipRequired={right.data.vipRequired}
            isVip={user?.vip.isVip ?? right.data.isVip}
          />
        ) : null}
        {needsVip ? (
          <Button type="primary" size="large" icon={<CrownOutlined />} onClick={openVip}>
            {t('models.train.vipOpen')}
          </Button>
        ) : (
          <Button
            type="primary"
            size="large"
            loading={start.isPending}
            disabled={blocker !== null}
            onClick={() => start.mutate()}
          >
            {t('models.train.start')}
          </Button>
        )}
        {blocker ? <p className="hj-models__reason">{blocker}</p> : null}
      </div>
    </div>
  );
};
