import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseOutlined,
  HolderOutlined,
  LoadingOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { InputNumber, Tooltip } from 'antd';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSignInGate } from '../../../components/use-sign-in-gate';
import { notify } from '../../../lib/notify';
import { ToolApiError } from '../api/tools.api';
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage, uploadToolImage } from '../model/upload-image';
import type { OverrideProps } from '../overrides/override-types';
import { familyStore, type InputImage } from '../store/family-stores';
import {
  appendFrames,
  durationsFor,
  FRAME_SECONDS,
  moveFrame,
  removeFrame,
  sequenceSeconds,
  setFrameSeconds,
  type Sequence,
} from './frame-sequence-model';
import { VideoModeSwitch } from './video-mode-switch';
import './video.css';

const FRAMES = 'frames';
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

/**
 * The multi-image video's pictures as a sequence: add several at once, drag a picture (or use
 * its arrow buttons) to reorder, give each its own seconds, and see the resulting length.
 */
export const FrameSequence = ({ tool, values, inputs, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const requireLogin = useSignInGate(pathname);
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | 'end' | null>(null);

  const spec = tool.inputs.find((i) => i.name === FRAMES);
  const max = spec?.multiple?.max ?? 20;
  const min = spec?.multiple?.min ?? 2;
  const frames = inputs[FRAMES] ?? [];
  const fallback = num(values.durationPerImage, 3);
  const durations = durationsFor(
    frames.length,
    Array.isArray(values.durations) ? (values.durations as number[]) : [],
    fallback,
  );
  const transition = num(values.transitionDuration, 0.8);
  const seq: Sequence<InputImage> = { frames, durations };

  const commit = (next: Sequence<InputImage>) => {
    familyStore(tool.family).getState().setInput(tool.id, FRAMES, next.frames);
    setParam('durations', next.durations);
  };

  // Frames given while the account is still being checked are added once it is known.
  const addFiles = (files: File[]) =>
    requireLogin ? requireLogin(() => void take(files)) : take(files);
  const take = async (files: File[]) => {
    const room = max - frames.length;
    const images = files.filter(isAcceptedImage).slice(0, room);
    if (files.length > images.length) {
      notify(
        room < files.length ? t('generation.frames.tooMany', { max }) : t('generation.frames.type'),
        'warning',
      );
    }
    let current = seq;
    for (const file of images) {
      setBusy((n) => n + 1);
      try {
        const image = await uploadToolImage(file);
        // Read the state again: the designer may reorder while the next picture uploads.
        const state = familyStore(tool.family).getState().tools[tool.id];
        current = {
          frames: state?.inputs[FRAMES] ?? current.frames,
          durations: current.durations,
        };
        current = appendFrames(current, [image], fallback, max);
        commit(current);
      } catch (error) {
        if (
          error instanceof Error &&
          !(error instanceof ToolApiError) &&
          error.name !== 'RequestError'
        )
          notify(error.message, 'error');
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  const dropOn = (e: DragEvent, index: number | 'end') => {
    e.preventDefault();
    setOver(null);
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) return void addFiles(files);
    if (dragging === null) return;
    commit(moveFrame(seq, dragging, index === 'end' ? frames.length - 1 : index, fallback));
    setDragging(null);
  };

  const total = sequenceSeconds(durations, transition);
  const full = frames.length >= max;

  return (
    <section className="hj-ws-card hj-frames" aria-label={t('generation.frames.title')}>
      <VideoModeSwitch toolId={tool.id} />
      <header className="hj-ws-card__head">
        <h2>
          {t('generation.frames.title')}
          <em className="hj-upload__req">*</em>
        </h2>
        <small>{t('generation.frames.count', { count: frames.length, max })}</small>
      </header>
      <input
        ref={fileRef}
        type="file"
        hidden
        multiple
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-label={t('generation.frames.add')}
        data-input={FRAMES}
        onChange={(e) => {
          void addFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {frames.length === 0 ? (
        <button
          type="button"
          className={`hj-upload__drop hj-frames__drop${over === 'end' ? ' is-over' : ''}`}
          onClick={() =>
            requireLogin ? requireLogin(() => fileRef.current?.click()) : fileRef.current?.click()
          }
          onDragOver={(e) => {
            e.preventDefault();
            setOver('end');
          }}
          onDragLeave={() => setOver(null)}
          onDrop={(e) => dropOn(e, 'end')}
          disabled={busy > 0}
        >
          <span className="hj-upload__icon">{busy ? <LoadingOutlined /> : <PlusOutlined />}</span>
          <strong>{busy ? t('generation.frames.uploading') : t('generation.frames.empty')}</strong>
          <small>{t('generation.frames.emptyHint', { min, max })}</small>
        </button>
      ) : (
        <ol className="hj-frames__list" aria-label={t('generation.frames.order')}>
          {frames.map((img, i) => (
            <li
              key={img.fileId}
              className={`hj-frame${dragging === i ? ' is-dragging' : ''}${over === i ? ' is-over' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(i));
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(i);
              }}
              onDrop={(e) => dropOn(e, i)}
              data-frame={i}
            >
              <div className="hj-frame__pic">
                <img src={img.thumbUrl ?? img.url} alt={t('generation.frames.alt', { n: i + 1 })} />
                <span className="hj-frame__no">{i + 1}</span>
                <Tooltip title={t('generation.frames.remove')}>
                  <button
                    type="button"
                    className="hj-frame__remove"
                    aria-label={t('generation.frames.removeN', { n: i + 1 })}
                    onClick={() => commit(removeFrame(seq, i, fallback))}
                  >
                    <CloseOutlined />
                  </button>
                </Tooltip>
                <div className="hj-frame__moves">
                  <button
                    type="button"
                    aria-label={t('generation.frames.left', { n: i + 1 })}
                    disabled={i === 0}
                    onClick={() => commit(moveFrame(seq, i, i - 1, fallback))}
                  >
                    <ArrowLeftOutlined />
                  </button>
                  <HolderOutlined className="hj-frame__grip" aria-hidden />
                  <button
                    type="button"
                    aria-label={t('generation.frames.right', { n: i + 1 })}
                    disabled={i === frames.length - 1}
                    onClick={() => commit(moveFrame(seq, i, i + 1, fallback))}
                  >
                    <ArrowRightOutlined />
                  </button>
                </div>
              </div>
              <InputNumber
                size="small"
                className="hj-frame__secs"
                aria-label={t('generation.frames.seconds', { n: i + 1 })}
                min={FRAME_SECONDS.min}
                max={FRAME_SECONDS.max}
                step={FRAME_SECONDS.step}
                value={durations[i]}
                suffix={t('generation.frames.s')}
                onChange={(v) => v !== null && commit(setFrameSeconds(seq, i, v, fallback))}
              />
            </li>
          ))}
          {!full ? (
            <li
              className={`hj-frame hj-frame--add${over === 'end' ? ' is-over' : ''}`}
              onDragOver={(e) => {
                e.preventDefault();
                setOver('end');
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(e) => dropOn(e, 'end')}
            >
              <button
                type="button"
                onClick={() => fileRef.current?.click()}
                aria-label={t('generation.frames.add')}
                disabled={busy > 0}
              >
                {busy ? <LoadingOutlined /> : <PlusOutlined />}
                <span>
                  {busy ? t('generation.frames.uploading') : t('generation.frames.addShort')}
                </span>
              </button>
            </li>
          ) : null}
        </ol>
      )}
      {frames.length > 0 ? (
        <div className="hj-frames__summary">
          <div className="hj-timeline" aria-hidden>
            {durations.map((d, i) => (
              <span key={frames[i]!.fileId} style={{ flexGrow: d }} title={`${i + 1} · ${d}s`}>
                {i + 1}
              </span>
            ))}
          </div>
          <p data-testid="video-total">
            {frames.length < min
              ? t('generation.frames.needMore', { min })
              : t('generation.frames.total', { seconds: total, count: frames.length })}
          </p>
          <p className="hj-frames__hint">{t('generation.frames.hint')}</p>
        </div>
      ) : null}
    </section>
  );
};
