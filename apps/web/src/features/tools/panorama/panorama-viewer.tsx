import { LoadingOutlined } from '@ant-design/icons';
import type { Viewer } from '@photo-sphere-viewer/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The library (three.js inside, ~600 KB) and its stylesheet are fetched the first time a
 * panorama is shown, so no other page pays for them.
 */
const loadLibrary = () =>
  Promise.all([
    import('@photo-sphere-viewer/core'),
    import('@photo-sphere-viewer/core/index.css'),
  ]).then(([lib]) => lib);

export interface PanoramaHandle {
  toggleFullscreen: () => void;
}

/**
 * An interactive 360° view of one equirectangular picture: drag or swipe to look around, wheel
 * or pinch to zoom, arrow keys in full screen, and the library's own navbar (zoom, move).
 * The current view angles are mirrored in data-yaw / data-pitch for tests and support. Give it
 * `key={src}` so another picture starts from a fresh loading state.
 */
export const PanoramaViewer = ({
  src,
  label,
  keyboard = 'fullscreen',
  onHandle,
}: {
  src: string;
  label: string;
  /** 'always' where the viewer is the whole screen (the overlay). */
  keyboard?: 'always' | 'fullscreen';
  onHandle?: (handle: PanoramaHandle | undefined) => void;
}) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let viewer: Viewer | undefined;
    let cancelled = false;
    loadLibrary().then(
      ({ Viewer }) => {
        const container = box.current;
        if (cancelled || !container) return;
        viewer = new Viewer({
          container,
          panorama: src,
          caption: label,
          loadingTxt: t('generation.panorama.loading'),
          // Full screen is the page's own labelled button (PanoramaHandle), not a second icon here.
          navbar: ['zoom', 'move', 'caption'],
          keyboard,
          mousewheelCtrlKey: false,
          touchmoveTwoFingers: false,
          defaultZoomLvl: 30,
          lang: {
            zoom: t('generation.panorama.psv.zoom'),
            zoomOut: t('generation.panorama.psv.zoomOut'),
            zoomIn: t('generation.panorama.psv.zoomIn'),
            moveUp: t('generation.panorama.psv.moveUp'),
            moveDown: t('generation.panorama.psv.moveDown'),
            moveLeft: t('generation.panorama.psv.moveLeft'),
            moveRight: t('generation.panorama.psv.moveRight'),
            fullscreen: t('generation.panorama.psv.fullscreen'),
            loading: t('generation.panorama.loading'),
            loadError: t('generation.panorama.loadError'),
            webglError: t('generation.panorama.webglError'),
          },
        });
        const v = viewer;
        v.addEventListener('ready', () => {
          setStatus('ready');
          container.dataset.ready = 'true';
        });
        v.addEventListener('panorama-error', () => setStatus('error'));
        v.addEventListener('position-updated', ({ position }) => {
          container.dataset.yaw = position.yaw.toFixed(4);
          container.dataset.pitch = position.pitch.toFixed(4);
        });
        v.addEventListener('fullscreen', ({ fullscreenEnabled }) => {
          container.dataset.fullscreen = String(fullscreenEnabled);
        });
        onHandle?.({ toggleFullscreen: () => v.toggleFullscreen() });
      },
      () => !cancelled && setStatus('error'),
    );
    return () => {
      cancelled = true;
      onHandle?.(undefined);
      viewer?.destroy();
    };
    // The viewer is rebuilt only for another picture; labels follow the language at build time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  return (
    <div className="hj-pano" data-status={status}>
      <div ref={box} className="hj-pano__canvas" role="application" aria-label={label} />
      {status === 'loading' ? (
        <p className="hj-pano__state">
          <LoadingOutlined /> {t('generation.panorama.loading')}
        </p>
      ) : null}
      {status === 'error' ? (
        <p className="hj-pano__state hj-pano__state--error" role="alert">
          {t('generation.panorama.loadError')}
        </p>
      ) : null}
    </div>
  );
};
