import { CloseOutlined, InboxOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { ToolInput } from '@huijing/tools';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../../../components/lazy-overlay';
import { useLocalized } from '../../../components/use-localized';
import type { RequireLogin } from '../../../components/use-sign-in-gate';
import { notify } from '../../../lib/notify';
import { useImageUpload } from '../hooks/use-image-upload';
import { usePageFileDrop } from '../hooks/use-page-file-drop';
import { refreshStaleLinks, type InputImage } from '../store/family-stores';
import { ACCEPTED_IMAGE_TYPES, carriesFiles, imagesFromTransfer } from '../model/upload-image';
import { InputLabel } from './tool-head';
import './upload-field.css';

/**
 * One input of the tool: click, drop or paste an image. The whole card takes a drop (empty: the
 * image; filled: it replaces the image or joins the list). Spec §5 is applied before upload; the
 * thumbnail comes from the server's signed url, renewed before it expires (store/refresh-links).
 */
export const UploadField = ({
  input,
  images,
  onChange,
  requireLogin,
}: {
  input: ToolInput;
  images: InputImage[];
  onChange: (images: InputImage[]) => void;
  /** Set until signed in: uploads belong to an account, so the area asks for one first. */
  requireLogin?: RequireLogin;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const fileRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; the card is left when the count is 0.
  const depth = useRef(0);
  const max = input.multiple?.max ?? 1;
  const upload = useImageUpload(images, max, onChange);
  const busy = upload.busy;
  const full = images.length >= max;
  // A list that is full takes no more; a single image is replaced.
  const refuses = max > 1 && full;
  const signedIn = !requireLogin;

  usePageFileDrop();
  // Saved inputs' links expire; renew them when the page comes back signed in (or after sign-in).
  useEffect(() => {
    if (signedIn) void refreshStaleLinks();
  }, [signedIn]);

  const choose = () =>
    requireLogin ? requireLogin(() => fileRef.current?.click()) : fileRef.current?.click();
  const add = async (files: File[]) => {
    if (files.length === 0) return;
    // A file given while the account is still being checked is uploaded once it is known.
    if (requireLogin) return requireLogin(() => void upload.add(files));
    await upload.add(files);
  };

  const drag = {
    onDragEnter: (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = refuses || busy ? 'none' : 'copy';
    },
    onDragLeave: (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      if (busy) return;
      if (refuses) return notify(t('uploads.dropFull', { max }), 'warning');
      const files = imagesFromTransfer(e.dataTransfer);
      if (files.length === 0) return notify(t('uploads.notImage'), 'warning');
      void add(files);
    },
  };
  const overText = refuses
    ? t('uploads.dropFull', { max })
    : images.length === 0
      ? null
      : max === 1
        ? t('uploads.dropReplace')
        : t('uploads.dropAdd');

  const label = pick(input.label);
  const picker = (
    <input
      ref={fileRef}
      type="file"
      hidden
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      aria-label={t('tools.upload.choose', { label })}
      data-input={input.name}
      onChange={(e) => {
        void add(Array.from(e.target.files ?? []).slice(0, 1));
        e.target.value = '';
      }}
    />
  );

  const single = max === 1 ? images[0] : undefined;
  return (
    <div
      className={`hj-upload${over ? ' is-over' : ''}${over && refuses ? ' is-refusing' : ''}`}
      data-input-name={input.name}
      {...drag}
    >
      <InputLabel label={label} required={input.required}>
        {max > 1 ? <small>{t('tools.upload.count', { count: images.length, max })}</small> : null}
      </InputLabel>
      {picker}
      <div className="hj-upload__body">
        {over && overText ? (
          <div className="hj-upload__overlay" role="status">
            {refuses ? null : <InboxOutlined />}
            <span>{overText}</span>
          </div>
        ) : null}
        {single ? (
          <div className="hj-upload__preview">
            <img src={single.thumbUrl ?? single.url} alt={label} />
            <span className="hj-upload__size">
              {single.width} × {single.height}
            </span>
            <div className="hj-upload__actions">
              <button type="button" onClick={choose}>
                {busy ? <LoadingOutlined /> : null} {t('tools.upload.replace')}
              </button>
              <button
                type="button"
                onClick={() => onChange([])}
                aria-label={t('tools.upload.remove')}
              >
                <CloseOutlined />
              </button>
            </div>
          </div>
        ) : max > 1 && images.length > 0 ? (
          <div className="hj-upload__list">
            {images.map((img, i) => (
              <div key={img.fileId} className="hj-upload__tile">
                <img src={img.thumbUrl ?? img.url} alt={`${label} ${i + 1}`} />
                <LazyTooltip title={t('tools.upload.remove')}>
                  <button
                    type="button"
                    aria-label={t('tools.upload.remove')}
                    onClick={() => onChange(images.filter((_, j) => j !== i))}
                  >
                    <CloseOutlined />
                  </button>
                </LazyTooltip>
              </div>
            ))}
            {!full ? (
              <button
                type="button"
                className="hj-upload__more"
                onClick={choose}
                aria-label={t('tools.upload.add')}
              >
                {busy ? <LoadingOutlined /> : <PlusOutlined />}
              </button>
            ) : null}
          </div>
        ) : (
          <button
            type="button"
            className={`hj-upload__drop${over ? ' is-over' : ''}`}
            onClick={choose}
            disabled={busy}
          >
            <span className="hj-upload__icon">
              {busy ? <LoadingOutlined /> : <InboxOutlined />}
            </span>
            <strong>{busy ? t('tools.upload.uploading') : t('tools.upload.title')}</strong>
            <small>{t('tools.upload.hint')}</small>
          </button>
        )}
      </div>
    </div>
  );
};
