import { CloseOutlined, InboxOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { ToolInput } from '@huijing/tools';
import { Tooltip } from 'antd';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../components/use-localized';
import { useImageUpload } from '../hooks/use-image-upload';
import type { InputImage } from '../store/family-stores';
import { ACCEPTED_IMAGE_TYPES, imageFromTransfer } from '../model/upload-image';

/**
 * One input of the tool: click, drop or paste an image. Spec §5 is applied before upload; the
 * thumbnail comes from the server's signed url.
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
  /** Set while signed out: uploads belong to an account, so the area asks for sign-in. */
  requireLogin?: () => void;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const fileRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const max = input.multiple?.max ?? 1;
  const upload = useImageUpload(images, max, onChange);
  const busy = upload.busy;
  const full = images.length >= max;

  const choose = () => (requireLogin ? requireLogin() : fileRef.current?.click());
  const add = async (file: File | undefined) => {
    if (!file) return;
    if (requireLogin) return requireLogin();
    await upload.add(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void add(imageFromTransfer(e.dataTransfer));
  };

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
        void add(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );

  const single = max === 1 ? images[0] : undefined;
  return (
    <div className="hj-upload" data-input-name={input.name}>
      <div className="hj-upload__label">
        <span>
          {label}
          {input.required ? (
            <em className="hj-upload__req">*</em>
          ) : (
            <small>{t('tools.upload.optional')}</small>
          )}
        </span>
        {max > 1 ? <small>{t('tools.upload.count', { count: images.length, max })}</small> : null}
      </div>
      {picker}
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
              <Tooltip title={t('tools.upload.remove')}>
                <button
                  type="button"
                  aria-label={t('tools.upload.remove')}
                  onClick={() => onChange(images.filter((_, j) => j !== i))}
                >
                  <CloseOutlined />
                </button>
              </Tooltip>
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
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          disabled={busy}
        >
          <span className="hj-upload__icon">{busy ? <LoadingOutlined /> : <InboxOutlined />}</span>
          <strong>{busy ? t('tools.upload.uploading') : t('tools.upload.title')}</strong>
          <small>{t('tools.upload.hint')}</small>
        </button>
      )}
    </div>
  );
};
