import type { ModelDetail } from '@huijing/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Image, Modal, Progress, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { modelsKeys, publishModel, removeModel, retryModel } from '../api/models.api';
import { useModelDetail } from '../hooks/use-training-poll';
import { statusColor, toolRouteFor } from '../model/domain-routes';

const errorText = (e: unknown) => (e instanceof Error && e.message) || '操作失败，请稍后重试';

/** One model: live progress, loss graph, samples, dataset, and what can be done with it. */
export const ModelDetailPanel = ({ id, onGone }: { id: string; onGone: () => void }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const detail = useModelDetail(id);
  const refresh = () => void client.invalidateQueries({ queryKey: modelsKeys.all });
  const act = useMutation({
    mutationFn: async (what: 'cancel' | 'delete' | 'retry' | 'publish' | 'unpublish') => {
      if (what === 'cancel' || what === 'delete') return removeModel(id);
      if (what === 'retry') return retryModel(id);
      return publishModel(id, what === 'publish');
    },
    onSuccess: (_r, what) => {
      refresh();
      if (what === 'cancel') notify(t('models.training.canceled'), 'success');
      if (what === 'delete') {
        notify(t('models.training.deleted'), 'success');
        onGone();
      }
      if (what === 'publish') notify(t('models.training.published'), 'success');
    },
    onError: (e) => notify(errorText(e), 'error'),
  });
  const confirm = (what: 'cancel' | 'delete') =>
    Modal.confirm({
      title: what === 'cancel' ? t('models.training.cancel') : t('models.training.delete'),
      content:
        what === 'cancel' ? t('models.training.cancelConfirm') : t('models.training.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: () => act.mutateAsync(what),
    });

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!detail.data) return <Alert type="error" message={errorText(detail.error)} />;
  const m: ModelDetail = detail.data;
  const active = m.status === 'queued' || m.status === 'running';

  return (
    <article className="hj-models-detail" data-testid="model-detail" data-status={m.status}>
      <header>
        <h2>
          {m.name} <Tag color={statusColor[m.status]}>{t(`models.status.${m.status}`)}</Tag>
          {m.status === 'succeeded' ? <Tag>{t(`models.review.${m.review}`)}</Tag> : null}
        </h2>
        <p>
          {t('models.training.meta', {
            domain: m.domainName,
            trigger: m.triggerWord,
            steps: m.steps,
          })}
        </p>
      </header>
      {active || m.status === 'succeeded' ? (
        <div className="hj-models-progress">
          <span>{t('models.training.progress')}</span>
          <Progress
            percent={m.progress}
            status={active ? 'active' : 'success'}
            data-testid="train-progress"
          />
        </div>
      ) : null}
      {m.status === 'failed' && m.error ? (
        <Alert
          type="error"
          showIcon
          message={t('models.training.failedReason', { reason: m.error })}
        />
      ) : null}
      {m.review === 'rejected' && m.reviewNote ? (
        <Alert type="warning" showIcon message={m.reviewNote} />
      ) : null}
      <Space wrap className="hj-models-actions">
        {m.status === 'succeeded' ? (
          <Link to={toolRouteFor(m.domain, m.id)}>
            <Button type="primary">{t('models.training.use')}</Button>
          </Link>
        ) : null}
        {m.status === 'succeeded' && (m.review === 'private' || m.review === 'rejected') ? (
          <Button onClick={() => act.mutate('publish')}>{t('models.training.publish')}</Button>
        ) : null}
        {m.status === 'succeeded' && (m.review === 'approved' || m.review === 'pending') ? (
          <Button onClick={() => act.mutate('unpublish')}>{t('models.training.unpublish')}</Button>
        ) : null}
        {active ? (
          <Button danger onClick={() => confirm('cancel')}>
            {t('models.training.cancel')}
          </Button>
        ) : null}
        {m.status === 'failed' || m.status === 'canceled' ? (
          <Button onClick={() => act.mutate('retry')}>{t('models.training.retry')}</Button>
        ) : null}
        {!active ? (
          <Button danger type="text" onClick={() => confirm('delete')}>
            {t('models.training.delete')}
          </Button>
        ) : null}
      </Space>
      <div className="hj-models-results">
        <section>
          <h3>{t('models.training.samples')}</h3>
          {m.samples.length ? (
            <Image.PreviewGroup>
              <div className="hj-models-samples">
                {m.samples.map((s) => (
                  <Image key={s.url} src={s.thumbUrl ?? s.url} preview={{ src: s.url }} alt="" />
                ))}
              </div>
            </Image.PreviewGroup>
          ) : (
            <p className="hj-models__note">{t('models.training.noSamples')}</p>
          )}
        </section>
        {m.lossGraph ? (
          <section>
            <h3>{t('models.training.loss')}</h3>
            <Image
              src={m.lossGraph.url}
              alt={t('models.training.loss')}
              className="hj-models-loss"
            />
          </section>
        ) : null}
      </div>
      <section>
        <h3>{t('models.training.dataset', { n: m.dataset.length })}</h3>
        <ul className="hj-models-thumbs hj-models-thumbs--small">
          {m.dataset.map((d) => (
            <li key={d.url} className="hj-models-thumb" title={d.caption}>
              <img src={d.thumbUrl ?? d.url} alt={d.caption} loading="lazy" />
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
};
