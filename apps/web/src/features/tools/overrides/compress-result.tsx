import { ArrowRightOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './compress.css';
import { compressedName, extensionOf, formatBytes, savedPercent } from './file-size';
import type { ResultOverrideProps } from './override-types';
import { useFileSize } from './use-file-size';
import { ZoomCompare } from './zoom-compare';

/** Compress: both file sizes, the saving, and a zoomed side-by-side look at the same spot. */
export const CompressResult = ({ task, inputs }: ResultOverrideProps) => {
  const { t } = useTranslation();
  const before = inputs['upload_img']?.[0];
  const after = task.outputs[0];
  const beforeSize = useFileSize(before?.url);
  const afterSize = useFileSize(after?.url);
  if (!after) return null;

  const sizesKnown = beforeSize.data !== undefined && afterSize.data !== undefined;
  const percent = sizesKnown ? savedPercent(beforeSize.data!.bytes, afterSize.data!.bytes) : 0;

  return (
    <section className="hj-edit-result" aria-label={t('editing.compress.zoomTitle')}>
      <div className="hj-compress-stats" data-testid="compress-stats">
        {sizesKnown ? (
          <>
            <span className="hj-compress-stats__item">
              <small>{t('editing.compress.before')}</small>
              <strong data-testid="compress-before">{formatBytes(beforeSize.data!.bytes)}</strong>
            </span>
            <ArrowRightOutlined className="hj-compress-stats__arrow" />
            <span className="hj-compress-stats__item">
              <small>{t('editing.compress.after')}</small>
              <strong data-testid="compress-after">{formatBytes(afterSize.data!.bytes)}</strong>
            </span>
            <span className={`hj-compress-stats__saved${percent < 0 ? ' is-grew' : ''}`}>
              {percent >= 0
                ? t('editing.compress.saved', { percent })
                : t('editing.compress.grew', { percent: -percent })}
            </span>
            <Button
              className="hj-compress-stats__download"
              icon={<DownloadOutlined />}
              href={after.url}
              download={compressedName(task.taskId, afterSize.data!.type)}
            >
              {t('editing.compress.download', {
                format: extensionOf(afterSize.data!.type).toUpperCase(),
              })}
            </Button>
          </>
        ) : beforeSize.isError || afterSize.isError ? null : (
          <span className="hj-edit-card__note">{t('editing.compress.measuring')}</span>
        )}
      </div>
      <ZoomCompare
        before={
          before && {
            ...before,
            label: t('editing.compress.before'),
            note: beforeSize.data !== undefined ? formatBytes(beforeSize.data.bytes) : undefined,
          }
        }
        after={{
          ...after,
          label: t('editing.compress.after'),
          note: afterSize.data !== undefined ? formatBytes(afterSize.data.bytes) : undefined,
        }}
      />
    </section>
  );
};
