import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

export type DatasetPicture = { key: string; fileId: string; url: string; thumbUrl: string | null };

/**
 * Drag-and-drop (or click) picture picking for the training set: several files at once, each
 * uploaded as the user's own picture; thumbnails with a remove button.
 */
export const DatasetUploader = ({
  pictures,
  uploading,
  minShortSide,
  onFiles,
  onRemove,
  disabled,
}: {
  pictures: DatasetPicture[];
  uploading: number;
  minShortSide: number;
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <div className="hj-models-dataset">
      <Upload.Dragger
        multiple
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        disabled={disabled}
        // Files are uploaded by the page (one request each); antd only collects them.
        beforeUpload={(file, list) => {
          if (file === list[0]) onFiles(list as unknown as File[]);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('models.train.drop')}</p>
        <p className="ant-upload-hint">{t('models.train.dropHint', { side: minShortSide })}</p>
      </Upload.Dragger>
      {pictures.length > 0 || uploading > 0 ? (
        <ul className="hj-models-thumbs" aria-label={t('models.train.step.pictures')}>
          {pictures.map((p) => (
            <li key={p.key} className="hj-models-thumb">
              <img src={p.thumbUrl ?? p.url} alt="" loading="lazy" />
              <Button
                size="small"
                shape="circle"
                icon={<DeleteOutlined />}
                aria-label={t('models.train.remove')}
                onClick={() => onRemove(p.key)}
              />
            </li>
          ))}
          {Array.from({ length: uploading }, (_, i) => (
            <li key={`up-${i}`} className="hj-models-thumb hj-models-thumb--loading" />
          ))}
        </ul>
      ) : null}
    </div>
  );
};
