import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { useModelPage } from '../hooks/use-training-poll';
import { statusColor } from '../model/domain-routes';
import { ModelDetailPanel } from './model-detail';
import '../models.css';

/** /modelTraining: my models (live while training) beside the chosen one's detail. */
export const ModelTrainingPage = () => {
  const { t } = useTranslation();
  const { signedIn } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const [search, setSearch] = useSearchParams();
  const page = useModelPage(signedIn);
  const chosen = search.get('id') ?? undefined;
  const choose = (id: string | undefined) => {
    const next = new URLSearchParams(search);
    if (id) next.set('id', id);
    else next.delete('id');
    setSearch(next, { replace: true });
  };

  if (!signedIn)
    return (
      <div className="hj-models">
        <Empty description={t('models.train.login')}>
          <Button type="primary" onClick={() => openLogin({ returnTo: '/modelTraining' })}>
            {t('models.train.login')}
          </Button>
        </Empty>
      </div>
    );

  const list = page.data?.list ?? [];
  return (
    <div className={`hj-models hj-models-training${chosen ? ' has-detail' : ''}`}>
      <aside className="hj-models-list">
        <header className="hj-models__head">
          <h1>{t('models.training.title')}</h1>
          <Link to="/modelTrain">
            <Button icon={<PlusOutlined />}>{t('models.nav.train')}</Button>
          </Link>
        </header>
        {page.isPending ? (
          <Skeleton active />
        ) : list.length === 0 ? (
          <Empty description={t('models.training.empty')}>
            <Link to="/modelTrain">
              <Button type="primary">{t('models.training.toTrain')}</Button>
            </Link>
          </Empty>
        ) : (
          <ul>
            {list.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className={`hj-models-item${m.id === chosen ? ' is-active' : ''}`}
                  onClick={() => choose(m.id)}
                  data-testid="model-item"
                >
                  {m.coverUrl ? (
                    <img src={m.coverUrl} alt="" loading="lazy" />
                  ) : (
                    <span className="hj-models-item__blank" />
                  )}
                  <span className="hj-models-item__body">
                    <strong>{m.name}</strong>
                    <span>
                      {m.domainName} ·{' '}
                      <Tag color={statusColor[m.status]}>{t(`models.status.${m.status}`)}</Tag>
                    </span>
                    {m.status === 'queued' || m.status === 'running' ? (
                      <Progress percent={m.progress} size="small" status="active" />
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>
      <main className="hj-models-main">
        {chosen ? (
          <>
            <Button type="link" className="hj-models-back" onClick={() => choose(undefined)}>
              ← {t('models.training.back')}
            </Button>
            <ModelDetailPanel key={chosen} id={chosen} onGone={() => choose(undefined)} />
          </>
        ) : (
          <Empty description={t('models.training.pick')} />
        )}
      </main>
    </div>
  );
};
