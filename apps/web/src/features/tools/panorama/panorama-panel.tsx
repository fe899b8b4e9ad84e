import { CompassOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage, uploadToolImage } from '../model/upload-image';
import { OverrideUploads } from '../generation/override-uploads';
import type { OverrideProps } from '../overrides/override-types';
import { PanoramaOverlay } from './panorama-overlay';
import { isEquirect, panoramaLink, sourceFromSearch, type PanoramaSource } from './panorama-model';
import './panorama.css';

const sizeOf = (url: string) =>
  new Promise<{ width: number; height: number }>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('image'));
    img.src = url;
  });

/**
 * "Already have a panorama?": a 2:1 picture from this device opens in the 360° viewer at once,
 * free and without uploading; only copying a link uploads it (to the designer's own files). A
 * /panorama?view= or ?share= address opens the viewer on arrival.
 */
export const PanoramaPanel = ({ tool, inputs }: OverrideProps) => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const fileRef = useRef<HTMLInputElement>(null);
  const [local, setLocal] = useState<{ file: File; url: string; name: string }>();
  const linked = sourceFromSearch(search);

  useEffect(() => () => local && URL.revokeObjectURL(local.url), [local]);

  const open = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) return notify(t('generation.panorama.type'), 'error');
    const url = URL.createObjectURL(file);
    try {
      const size = await sizeOf(url);
      if (!isEquirect(size.width, size.height)) {
        notify(t('generation.panorama.notEquirect', size), 'warning');
      }
    } catch {
      URL.revokeObjectURL(url);
      return notify(t('generation.panorama.type'), 'error');
    }
    setLocal({ file, url, name: file.name });
  };

  const source: PanoramaSource | undefined = local ? { kind: 'url', url: local.url } : linked;
  const close = () => {
    setLocal(undefined);
    if (linked) void navigate(pathname, { replace: true });
  };
  // The local picture is uploaded only when a link is asked for (viewing stays on the device).
  const makeLink = async () => {
    if (source?.kind !== 'url' || !local) return source && panoramaLink(location.origin, source);
    if (!signedIn) {
      openLogin({ returnTo: pathname });
      return undefined;
    }
    const uploaded = await uploadToolImage(local.file).catch(() => undefined);
    return uploaded && panoramaLink(location.origin, { kind: 'file', fileId: uploaded.fileId });
  };

  return (
    <>
      <section className="hj-ws-card hj-pano-card" aria-label={t('generation.panorama.viewTitle')}>
        <header className="hj-ws-card__head">
          <h2>
            <CompassOutlined /> {t('generation.panorama.viewTitle')}
          </h2>
          <small>{t('generation.panorama.free')}</small>
        </header>
        <p className="hj-pano-card__text">{t('generation.panorama.viewText')}</p>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-label={t('generation.panorama.pick')}
          data-input="panorama-view"
          onChange={(e) => {
            void open(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button block icon={<FolderOpenOutlined />} onClick={() => fileRef.current?.click()}>
          {t('generation.panorama.pick')}
        </Button>
      </section>
      <section className="hj-ws-card" aria-label={t('generation.panorama.makeTitle')}>
        <header className="hj-ws-card__head">
          <h2>{t('generation.panorama.makeTitle')}</h2>
          <small>{t('generation.panorama.makeHint')}</small>
        </header>
        <div className="hj-tool-inputs">
          <OverrideUploads
            toolId={tool.id}
            family={tool.family}
            inputs={tool.inputs}
            images={inputs}
          />
        </div>
      </section>
      {source ? (
        <PanoramaOverlay
          source={source}
          title={local?.name ?? t('generation.panorama.title')}
          makeLink={makeLink}
          linkNote={
            source.kind === 'share'
              ? t('generation.panorama.shareNote')
              : t('generation.panorama.ownerNote')
          }
          onClose={close}
        />
      ) : null}
    </>
  );
};
