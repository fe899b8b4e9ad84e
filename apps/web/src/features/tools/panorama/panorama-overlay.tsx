import {
  CloseOutlined,
  CompassOutlined,
  FullscreenOutlined,
  LinkOutlined,
} from '@ant-design/icons';
import { Button, Input, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { PanoramaViewer, type PanoramaHandle } from './panorama-viewer';
import type { PanoramaSource } from './panorama-model';
import { usePanoramaSrc } from './use-panorama-src';

/** Copies a link; where the clipboard is refused the link stays visible to copy by hand. */
const copy = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The viewer over the whole window: the picture large, full screen, a link to come back, and
 * Esc or the close button to return to the tool.
 */
export const PanoramaOverlay = ({
  source,
  title,
  makeLink,
  linkNote,
  onClose,
}: {
  source: PanoramaSource;
  title: string;
  /** Resolves the link to copy (may upload or create a share token first). */
  makeLink?: () => Promise<string | undefined>;
  /** Who the link works for. */
  linkNote?: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const src = usePanoramaSrc(source);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [handle, setHandle] = useState<PanoramaHandle>();
  const [link, setLink] = useState<string>();
  const [linking, setLinking] = useState(false);

  useEffect(() => {
    closeRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.fullscreenElement) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const share = async () => {
    if (!makeLink) return;
    setLinking(true);
    try {
      const url = await makeLink();
      if (!url) return;
      setLink(url);
      notify(
        (await copy(url)) ? t('generation.panorama.copied') : t('generation.panorama.copyByHand'),
        'success',
      );
    } finally {
      setLinking(false);
    }
  };

  // In a portal: the stage and panel cards create stacking contexts the header would cover.
  return createPortal(
    <div className="hj-pano-overlay" role="dialog" aria-modal="true" aria-label={title}>
      <header className="hj-pano-overlay__bar">
        <h2>
          <CompassOutlined /> {title}
        </h2>
        <div className="hj-pano-overlay__actions">
          {makeLink ? (
            <Button
              icon={<LinkOutlined />}
              loading={linking}
              aria-label={t('generation.panorama.copyLink')}
              onClick={() => void share()}
            >
              <span className="hj-pano-overlay__text">{t('generation.panorama.copyLink')}</span>
            </Button>
          ) : null}
          <Button
            icon={<FullscreenOutlined />}
            disabled={!handle}
            onClick={() => handle?.toggleFullscreen()}
            aria-label={t('generation.panorama.fullscreen')}
            data-testid="pano-fullscreen"
          >
            <span className="hj-pano-overlay__text">{t('generation.panorama.fullscreen')}</span>
          </Button>
          <Button
            ref={closeRef}
            type="text"
            className="hj-pano-overlay__close"
            icon={<CloseOutlined />}
            aria-label={t('generation.panorama.close')}
            onClick={onClose}
          />
        </div>
      </header>
      {link ? (
        <div className="hj-pano-overlay__link">
          <Input
            readOnly
            value={link}
            aria-label={t('generation.panorama.link')}
            onFocus={(e) => e.target.select()}
          />
          {linkNote ? <small>{linkNote}</small> : null}
        </div>
      ) : null}
      <div className="hj-pano-overlay__body">
        {src.status === 'ready' ? (
          <PanoramaViewer
            key={src.url}
            src={src.url}
            label={title}
            keyboard="always"
            onHandle={setHandle}
          />
        ) : src.status === 'loading' ? (
          <p className="hj-pano__state">{t('generation.panorama.loading')}</p>
        ) : (
          <Result
            status="404"
            title={t('generation.panorama.missing')}
            subTitle={t('generation.panorama.missingHint')}
            extra={<Button onClick={onClose}>{t('generation.panorama.back')}</Button>}
          />
        )}
      </div>
    </div>,
    document.body,
  );
};
