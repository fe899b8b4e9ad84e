import {
  CloseOutlined,
  DeleteOutlined,
  FlagOutlined,
  HeartFilled,
  HeartOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { GalleryItem } from '@huijing/contracts';
import { getTool } from '@huijing/tools';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import {
  collectionsQuery,
  galleryDetailQuery,
  galleryKeys,
  gallerySimilarQuery,
  reportImage,
  unpublish,
} from '../api/gallery.api';
import { BeforeAfter } from './before-after';
import { shortCount } from './gallery-card';
import { useGalleryEnv } from './gallery-env';
import { useHeart } from './use-heart';

const toolName = (id: string) => getTool(id)?.name['zh-CN'] ?? id;

const REASONS = ['色情低俗', '侵权盗图', '广告引流', '与设计无关', '其他'];

/** The address fragment that opens a picture: #image-<id> (spec §2: a hash is image detail). */
export const IMAGE_HASH = /^#image-([\w-]{1,64})$/;

const Heart = ({ item }: { item: GalleryItem }) => {
  const { t } = useTranslation();
  const heart = useHeart(item);
  return (
    <Button
      size="large"
      type={heart.collected ? 'primary' : 'default'}
      icon={heart.collected ? <HeartFilled /> : <HeartOutlined />}
      onClick={heart.toggle}
      data-testid="viewer-heart"
    >
      {heart.collected ? t('community.viewer.collected') : t('community.viewer.collect')} ·{' '}
      {shortCount(heart.count)}
    </Button>
  );
};

/**
 * The full-screen picture viewer: the picture (or its before/after slider), the author, the
 * heart, 做同款, tags, 相似推荐 and the author's other collections. Esc or × closes it.
 */
export const GalleryViewer = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const env = useGalleryEnv();
  const { user } = useCurrentUser();
  const detail = useQuery(galleryDetailQuery(id));
  const similar = useQuery({ ...gallerySimilarQuery(id), enabled: detail.isSuccess });
  const authorId = detail.data?.author.id;
  const more = useQuery({ ...collectionsQuery(authorId), enabled: Boolean(authorId) });
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState(REASONS[0]!);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const item = detail.data;
  const makeSame = () => {
    if (!item) return;
    const to = env.prefillTool?.(item.tool, item.settings);
    if (!to) {
      notify(t('community.viewer.toolGone'), 'warning');
      return;
    }
    notify(t('community.viewer.sameReady'), 'success');
    navigate(to);
  };
  const remove = async () => {
    if (!item) return;
    await unpublish(item.id);
    await client.invalidateQueries({ queryKey: galleryKeys.all });
    notify(t('community.viewer.removed'), 'success');
    onClose();
  };
  const report = async () => {
    await reportImage(id, reason);
    setReporting(false);
  };

  return createPortal(
    <div className="hj-viewer" role="dialog" aria-modal="true" aria-label={item?.title ?? ''}>
      <button
        type="button"
        className="hj-viewer__close"
        onClick={onClose}
        aria-label={t('community.viewer.close')}
        data-testid="viewer-close"
      >
        <CloseOutlined />
      </button>
      <div className="hj-viewer__stage">
        {item ? (
          item.before ? (
            <BeforeAfter before={item.before.url} after={item.url} alt={item.title} />
          ) : (
            <img
              src={item.url}
              alt={item.title}
              className="hj-viewer__img"
              style={{
                backgroundImage: `url(${item.placeholder})`,
                aspectRatio: `${item.width} / ${item.height}`,
              }}
            />
          )
        ) : detail.isError ? (
          <Empty description={t('community.viewer.gone')} />
        ) : (
          <Skeleton.Image active />
        )}
      </div>
      <aside className="hj-viewer__side" data-testid="gallery-viewer">
        {item ? (
          <>
            <h2 className="hj-viewer__title">{item.title}</h2>
            <Link
              className="hj-viewer__author"
              to={`/authorHomePage/${item.author.id}`}
              onClick={onClose}
            >
              {item.author.avatar ? (
                <img src={item.author.avatar} alt="" className="hj-avatar" />
              ) : (
                <span className="hj-avatar hj-avatar--empty">
                  {item.author.nickname.slice(0, 1)}
                </span>
              )}
              {item.author.nickname}
            </Link>
            {item.statusMessage ? <p className="hj-viewer__state">{item.statusMessage}</p> : null}
            <div className="hj-viewer__actions">
              <Heart item={item} />
              <Button
                size="large"
                icon={<ThunderboltOutlined />}
                onClick={makeSame}
                data-testid="make-same"
              >
                {t('community.viewer.makeSame')}
              </Button>
            </div>
            <div className="hj-viewer__tags">
              <Tag color="blue">{toolName(item.tool)}</Tag>
              {item.tags.map((tag) => (
                <Link
                  key={tag}
                  to={`/seachInspiration?kw=${encodeURIComponent(tag)}`}
                  onClick={onClose}
                >
                  <Tag>#{tag}</Tag>
                </Link>
              ))}
            </div>
            {item.prompt ? <p className="hj-viewer__prompt">{item.prompt}</p> : null}
            <div className="hj-viewer__links">
              {user?.id === item.author.id ? (
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => void remove()}>
                  {t('community.viewer.unpublish')}
                </Button>
              ) : (
                <Button type="text" icon={<FlagOutlined />} onClick={() => setReporting(true)}>
                  {t('community.viewer.report')}
                </Button>
              )}
            </div>
            <h3>{t('community.viewer.similar')}</h3>
            <div className="hj-viewer__grid">
              {(similar.data ?? []).map((s) => (
                <a key={s.id} href={`#image-${s.id}`} title={s.title}>
                  <img
                    src={s.thumbUrl}
                    alt={s.title}
                    style={{ backgroundImage: `url(${s.placeholder})` }}
                  />
                </a>
              ))}
              {similar.data?.length === 0 ? (
                <span className="hj-muted">{t('community.viewer.noSimilar')}</span>
              ) : null}
            </div>
            {(more.data ?? []).length > 0 ? (
              <>
                <h3>{t('community.viewer.moreCollections')}</h3>
                <div className="hj-viewer__grid">
                  {more.data!.map((c) => (
                    <Link
                      key={c.id}
                      to={`/insHomeByCollect/${c.id}`}
                      onClick={onClose}
                      title={c.name}
                    >
                      {c.cover ? (
                        <img src={c.cover} alt={c.name} />
                      ) : (
                        <span className="hj-viewer__nocover">{c.name}</span>
                      )}
                    </Link>
                  ))}
                </div>
              </>
            ) : null}
          </>
        ) : (
          <Skeleton active />
        )}
      </aside>
      <Modal
        open={reporting}
        title={t('community.viewer.report')}
        onOk={() => void report()}
        onCancel={() => setReporting(false)}
        okText={t('community.viewer.reportSend')}
      >
        <div className="hj-report">
          {REASONS.map((r) => (
            <Tag.CheckableTag key={r} checked={reason === r} onChange={() => setReason(r)}>
              {r}
            </Tag.CheckableTag>
          ))}
          <Input.TextArea
            maxLength={200}
            placeholder={t('community.viewer.reportMore')}
            onChange={(e) => e.target.value && setReason(e.target.value)}
          />
        </div>
      </Modal>
    </div>,
    document.body,
  );
};

/** Opens the viewer for #image-<id> on the page it is mounted on; closing drops the fragment. */
export const ImageHashViewer = () => {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onHash = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const id = IMAGE_HASH.exec(hash)?.[1];
  if (!id) return null;
  const close = () => {
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
    setHash('');
  };
  return <GalleryViewer key={id} id={id} onClose={close} />;
};

/** Opens a picture by setting the fragment (back closes it, the link can be shared). */
export const openImage = (item: Pick<GalleryItem, 'id'>) => {
  window.location.hash = `image-${item.id}`;
};
