import { FireOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { domainsQuery, squareQuery } from '../api/models.api';
import { toolRouteFor } from '../model/domain-routes';
import '../models.css';

/** /modelsquare: published models with their samples, by direction, newest first. */
export const ModelSquarePage = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const domain = search.get('domain') ?? '';
  const domains = useQuery(domainsQuery());
  const square = useInfiniteQuery(squareQuery(domain));
  const items = square.data?.pages.flatMap((p) => p.list) ?? [];
  const pickDomain = (key: string) => {
    const next = new URLSearchParams(search);
    if (key) next.set('domain', key);
    else next.delete('domain');
    setSearch(next, { replace: true });
  };

  return (
    <div className="hj-models hj-models-square">
      <header className="hj-models__head">
        <div>
          <h1>{t('models.square.title')}</h1>
          <p>{t('models.square.lead')}</p>
        </div>
        <Link to="/modelTrain">
          <Button type="primary">{t('models.nav.train')}</Button>
        </Link>
      </header>
      <div className="hj-models-filter">
        <Segmented
          value={domain}
          onChange={(v) => pickDomain(String(v))}
          options={[
            { label: t('models.square.all'), value: '' },
            ...(domains.data ?? []).map((d) => ({ label: d.name, value: d.key })),
          ]}
        />
      </div>
      {square.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        // 全部 with nothing public invites a first model; one direction points back to 全部.
        <Empty description={t(domain ? 'models.square.empty' : 'models.square.emptyAll')}>
          {domain ? (
            <Button onClick={() => pickDomain('')}>{t('models.square.toAll')}</Button>
          ) : (
            <Link to="/modelTrain">
              <Button type="primary">{t('models.training.toTrain')}</Button>
            </Link>
          )}
        </Empty>
      ) : (
        <ul className="hj-models-cards">
          {items.map((m) => (
            <li key={m.id} className="hj-models-card" data-testid="square-card">
              <div className="hj-models-card__pics">
                {(m.samples.length ? m.samples : [{ url: m.coverUrl ?? '', thumbUrl: m.coverUrl }])
                  .slice(0, 2)
                  .map((s, i) =>
                    s.url ? <img key={i} src={s.thumbUrl ?? s.url} alt="" loading="lazy" /> : null,
                  )}
              </div>
              <div className="hj-models-card__body">
                <strong>{m.name}</strong>
                <span>
                  {m.domainName} · {t('models.square.by', { name: m.author })}
                </span>
                <span className="hj-models-card__uses">
                  <FireOutlined /> {t('models.square.uses', { n: m.useCount })}
                </span>
                <Link to={toolRouteFor(m.domain, m.id)}>
                  <Button type="primary" block>
                    {t('models.training.use')}
                  </Button>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {square.hasNextPage ? (
        <div className="hj-models-more">
          <Button loading={square.isFetchingNextPage} onClick={() => void square.fetchNextPage()}>
            {t('models.square.more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
};
