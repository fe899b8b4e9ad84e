import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { GalleryItem } from '@huijing/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHeart } from './use-heart';

/** A count as designers read it: 1.2万 past ten thousand. */
export const shortCount = (n: number) => (n >= 10_000 ? `${(n / 10_000).toFixed(1)}万` : String(n));

/**
 * One picture of the waterfall: the placeholder paints at once at the final size, the thumbnail
 * fades in over it; the heart updates at once and settles with the server's count.
 */
export const GalleryCard = ({
  item,
  height,
  onOpen,
}: {
  item: GalleryItem;
  height: number;
  onOpen: (item: GalleryItem) => void;
}) => {
  const { t } = useTranslation();
  const heart = useHeart(item);
  return (
    <article className="hj-gcard" data-testid="gallery-card" data-id={item.id}>
      <button
        type="button"
        className="hj-gcard__pic"
        style={{ height, backgroundImage: `url(${item.placeholder})` }}
        onClick={() => onOpen(item)}
        aria-label={t('community.card.open', { title: item.title })}
      >
        <img
          src={item.thumbUrl}
          alt={item.title}
          loading="lazy"
          decoding="async"
          onLoad={(e) => e.currentTarget.classList.add('is-loaded')}
        />
        {item.before ? (
          <span className="hj-gcard__badge">{t('community.card.beforeAfter')}</span>
        ) : null}
        {item.status && item.status !== 'published' ? (
          <span className={`hj-gcard__state hj-gcard__state--${item.status}`}>
            {item.statusMessage}
          </span>
        ) : null}
      </button>
      <div className="hj-gcard__foot">
        <div className="hj-gcard__title" title={item.title}>
          {item.title}
        </div>
        <div className="hj-gcard__meta">
          <Link className="hj-gcard__author" to={`/authorHomePage/${item.author.id}`}>
            {item.author.avatar ? (
              <img src={item.author.avatar} alt="" className="hj-avatar" />
            ) : (
              <span className="hj-avatar hj-avatar--empty">{item.author.nickname.slice(0, 1)}</span>
            )}
            <span>{item.author.nickname}</span>
          </Link>
          <button
            type="button"
            className={`hj-heart${heart.collected ? ' is-on' : ''}`}
            aria-pressed={heart.collected}
            aria-label={
              heart.collected ? t('community.card.uncollect') : t('community.card.collect')
            }
            data-testid="gallery-heart"
            onClick={heart.toggle}
          >
            {heart.collected ? <HeartFilled /> : <HeartOutlined />}
            <span>{shortCount(heart.count)}</span>
          </button>
        </div>
      </div>
    </article>
  );
};
