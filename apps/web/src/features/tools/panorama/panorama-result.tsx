import { CompassOutlined, FullscreenOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverrideProps, ResultOverrideProps } from '../overrides/override-types';
import { shareTask } from './panorama.api';
import { PanoramaOverlay } from './panorama-overlay';
import { PanoramaViewer, type PanoramaHandle } from './panorama-viewer';
import { isEquirect, panoramaLink } from './panorama-model';
import './panorama.css';

/**
 * Under a finished panorama: walk through it right there, go full screen, or share it. Sharing
 * uses the run's read-only share token, so the link opens the viewer for anyone who has it.
 */
export const PanoramaResult = ({ task }: ResultOverrideProps) => {
  const { t } = useTranslation();
  const [handle, setHandle] = useState<PanoramaHandle>();
  const [overlay, setOverlay] = useState(false);
  const output = task.outputs.find((o) => o.kind === 'image');
  if (!output) return null;
  const makeLink = async () =>
    panoramaLink(location.origin, { kind: 'share', token: (await shareTask(task.taskId)).token });
  return (
    <section className="hj-pano-result" aria-label={t('generation.panorama.walk')}>
      <header className="hj-pano-result__bar">
        <h3>
          <CompassOutlined /> {t('generation.panorama.walk')}
        </h3>
        <div className="hj-pano-result__actions">
          <Button
            icon={<FullscreenOutlined />}
            disabled={!handle}
            onClick={() => handle?.toggleFullscreen()}
          >
            {t('generation.panorama.fullscreen')}
          </Button>
          <Button icon={<LinkOutlined />} onClick={() => setOverlay(true)}>
            {t('generation.panorama.openShare')}
          </Button>
        </div>
      </header>
      {!isEquirect(output.width, output.height) ? (
        <Alert type="info" showIcon message={t('generation.panorama.resultNotEquirect')} />
      ) : null}
      <div className="hj-pano-result__view">
        <PanoramaViewer
          key={output.url}
          src={output.url}
          label={t('generation.panorama.walk')}
          onHandle={setHandle}
        />
      </div>
      {overlay ? (
        <PanoramaOverlay
          source={{ kind: 'url', url: output.url }}
          title={t('generation.panorama.title')}
          makeLink={makeLink}
          linkNote={t('generation.panorama.shareNote')}
          onClose={() => setOverlay(false)}
        />
      ) : null}
    </section>
  );
};

/** Under the uploaded base: whether it is a 2:1 panorama, and a free 360° look before running. */
export const PanoramaStage = ({ inputs }: OverrideProps) => {
  const { t } = useTranslation();
  const [overlay, setOverlay] = useState(false);
  const base = inputs['upload_img']?.[0];
  if (!base) return null;
  if (!isEquirect(base.width, base.height)) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('generation.panorama.baseNotEquirect', {
          width: base.width,
          height: base.height,
        })}
      />
    );
  }
  return (
    <div className="hj-pano-stage">
      <Button icon={<CompassOutlined />} onClick={() => setOverlay(true)}>
        {t('generation.panorama.previewBase')}
      </Button>
      {overlay ? (
        <PanoramaOverlay
          source={{ kind: 'url', url: base.url }}
          title={t('generation.panorama.baseTitle')}
          onClose={() => setOverlay(false)}
        />
      ) : null}
    </div>
  );
};
