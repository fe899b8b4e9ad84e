import { PictureOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { casesQuery, type CaseFilter } from '../api/gallery.api';

/**
 * Cases as a grid: each an author's project with its newest published picture as cover, its
 * name, author and picture count; opening one shows all its pictures (/insHomeByCase/<id>).
 */
export const CaseGrid = ({
  filter,
  enabled = true,
  empty,
}: {
  filter: CaseFilter;
  enabled?: boolean;
  empty?: string;
}) => {
  const { t } = useTranslation();
  const q = useInfiniteQuery(casesQuery(filter, enabled));
  const list = (q.data?.pages ?? []).flatMap((p) => p.list);
  if (q.isError) return <Empty description={t('community.list.error')} />;
  if (q.isPending && enabled) return <Spin className="hj-cases__spin" />;
  if (list.length === 0) return <Empty description={empty ?? t('community.cases.empty')} />;
  return (
    <>
      <div className="hj-cases" data-testid="case-grid">
        {list.map((c) => (
          <Link
            key={c.id}
            to={`/insHomeByCase/${c.id}`}
            className="hj-case"
            aria-label={t('community.cases.open', { name: c.name })}
            data-testid="case-card"
          >
            <span
              className="hj-case__cover"
              style={c.cover ? { backgroundImage: `url(${c.cover.placeholder})` } : undefined}
            >
              {c.cover ? <img src={c.cover.thumbUrl} alt="" loading="lazy" /> : <PictureOutlined />}
              <span className="hj-case__count">{t('community.cases.count', { n: c.count })}</span>
            </span>
            <span className="hj-case__name">{c.name}</span>
            <span className="hj-muted">{c.author.nickname}</span>
          </Link>
        ))}
      </div>
      {q.hasNextPage ? (
        <div className="hj-cases__more">
          <Button loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {t('community.cases.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
};
