import {
  CameraOutlined,
  CloseOutlined,
  LoadingOutlined,
  PictureOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ToolInput } from '@huijing/tools';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../../components/use-localized';
import type { RequireLogin } from '../../../../components/use-sign-in-gate';
import { useImageUpload } from '../../hooks/use-image-upload';
import { ACCEPTED_IMAGE_TYPES } from '../../model/upload-image';
import type { InputImage } from '../../store/family-stores';

/**
 * One input on a phone: take a photo (the `capture` attribute opens the rear camera) or pick from
 * the album. The spec §5 rule and its notice come from the shared upload model.
 */
export const MobileUpload = ({
  input,
  images,
  onChange,
  requireLogin,
  compact = false,
}: {
  input: ToolInput;
  images: InputImage[];
  onChange: (images: InputImage[]) => void;
  /** Set until signed in: uploads belong to an account. */
  requireLogin?: RequireLogin;
  /** A small row instead of the big preview: the photo is shown large in the mask editor below. */
  compact?: boolean;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const max = input.multiple?.max ?? 1;
  const upload = useImageUpload(images, max, onChange);
  const { busy } = upload;
  // A photo given while the account is still being checked is uploaded once it is known.
  const add = (file: File | undefined) =>
    requireLogin ? requireLogin(() => void upload.add(file)) : upload.add(file);
  const label = pick(input.label);

  const open = (which: 'camera' | 'album') => {
    const click = () => (which === 'camera' ? camera : album).current?.click();
    if (requireLogin) return requireLogin(click);
    click();
  };
  const picker = (which: 'camera' | 'album') => (
    <input
      ref={which === 'camera' ? camera : album}
      type="file"
      hidden
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      capture={which === 'camera' ? 'environment' : undefined}
      data-input={input.name}
      data-source={which}
      aria-label={`${label} · ${t(`mobile.prepare.${which}`)}`}
      onChange={(e) => {
        void add(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
  const sources = (
    <div className="hj-mf-up__sources">
      <button
        type="button"
        className="hj-mf-up__source"
        onClick={() => open('camera')}
        disabled={busy}
      >
        <CameraOutlined aria-hidden />
        {t('mobile.prepare.camera')}
      </button>
      <button
        type="button"
        className="hj-mf-up__source"
        onClick={() => open('album')}
        disabled={busy}
      >
        <PictureOutlined aria-hidden />
        {t('mobile.prepare.album')}
      </button>
    </div>
  );

  const single = max === 1 ? images[0] : undefined;
  return (
    <div className="hj-mf-up" data-input-name={input.name}>
      <div className="hj-mf-up__label">
        <span>
          {label}
          {input.required ? <em aria-hidden>*</em> : <small>{t('tools.upload.optional')}</small>}
        </span>
        {max > 1 ? <small>{t('tools.upload.count', { count: images.length, max })}</small> : null}
      </div>
      {picker('camera')}
      {picker('album')}
      {single ? (
        <figure className={`hj-mf-up__preview${compact ? ' is-compact' : ''}`}>
          <img src={single.thumbUrl ?? single.url} alt={label} />
          <figcaption>
            <span>
              {single.width} × {single.height}
            </span>
            <button type="button" onClick={() => open('album')} disabled={busy}>
              {busy ? <LoadingOutlined /> : null} {t('mobile.prepare.retake')}
            </button>
            <button
              type="button"
              className="hj-mf-up__remove"
              aria-label={t('mobile.prepare.remove')}
              onClick={() => onChange([])}
            >
              <CloseOutlined />
            </button>
          </figcaption>
        </figure>
      ) : images.length > 0 ? (
        <div className="hj-mf-up__tiles">
          {images.map((img, i) => (
            <div key={img.fileId} className="hj-mf-up__tile">
              <img src={img.thumbUrl ?? img.url} alt={`${label} ${i + 1}`} />
              <button
                type="button"
                aria-label={`${t('mobile.prepare.remove')} ${i + 1}`}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
              >
                <CloseOutlined />
              </button>
            </div>
          ))}
          {images.length < max ? (
            <button
              type="button"
              className="hj-mf-up__more"
              aria-label={t('mobile.prepare.add')}
              onClick={() => open('album')}
              disabled={busy}
            >
              {busy ? <LoadingOutlined /> : <PlusOutlined />}
            </button>
          ) : null}
        </div>
      ) : (
        <div className={`hj-mf-up__empty${input.required ? '' : ' is-optional'}`}>
          {busy ? (
            <p className="hj-mf-up__busy" role="status">
              <LoadingOutlined /> {t('mobile.prepare.uploading')}
            </p>
          ) : (
            sources
          )}
          <small>{t('mobile.prepare.rule')}</small>
        </div>
      )}
    </div>
  );
};
