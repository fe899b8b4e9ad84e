import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareImage } from '../../../lib/image-file';
import { notify } from '../../../lib/notify';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The first image among pasted or dropped items, if any. */
export const imageFromItems = (files: FileList | File[] | null | undefined): File | undefined =>
  [...(files ?? [])].find((f) => f.type.startsWith('image/'));

/** Reads an image after the spec §5 size rule, telling the user when it was compressed. */
export const usePrepareImage = (onImage: (dataUrl: string) => void) => {
  const { t } = useTranslation();
  return async (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) {
      notify(t('assistant.composer.notImage'), 'warning');
      return;
    }
    try {
      const { dataUrl, compressed } = await prepareImage(file);
      if (compressed) notify(t('assistant.composer.compressed'), 'info');
      onImage(dataUrl);
    } catch {
      notify(t('assistant.composer.readFailed'), 'error');
    }
  };
};

/**
 * An image slot: click to choose, drop a file on it, or paste anywhere the caller forwards
 * (the composer's text box). Shows the chosen image with replace and remove.
 */
export const ImagePicker = ({
  value,
  onChange,
  disabled,
  size = 'small',
  emptyExtra,
}: {
  value: string | null;
  onChange: (image: string | null) => void;
  disabled?: boolean;
  size?: 'small' | 'large';
  emptyExtra?: ReactNode;
}) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = usePrepareImage(onChange);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) void take(imageFromItems(e.dataTransfer.files));
  };
  return (
    <div
      className={`hj-picker hj-picker--${size}${over ? ' is-over' : ''}${value ? ' has-image' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="assistant-image-input"
        onChange={(e) => {
          void take(imageFromItems(e.target.files));
          e.target.value = '';
        }}
      />
      {value ? (
        <>
          <button
            type="button"
            className="hj-picker__preview"
            onClick={() => input.current?.click()}
            disabled={disabled}
            aria-label={t('assistant.composer.replace')}
            title={t('assistant.composer.replace')}
          >
            <img src={value} alt={t('assistant.edit.source')} />
          </button>
          <Button
            size="small"
            shape="circle"
            className="hj-picker__remove"
            icon={<CloseOutlined />}
            aria-label={t('assistant.composer.remove')}
            disabled={disabled}
            onClick={() => onChange(null)}
          />
        </>
      ) : (
        <button
          type="button"
          className="hj-picker__empty"
          onClick={() => input.current?.click()}
          disabled={disabled}
        >
          <PictureOutlined aria-hidden />
          <span>
            {size === 'small' ? t('assistant.composer.upload') : t('assistant.composer.uploadHint')}
          </span>
          {emptyExtra}
        </button>
      )}
    </div>
  );
};
