import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TaskInfo } from '@huijing/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from './compare-slider';

const downloadName = (taskId: string, index: number, kind: 'image' | 'video') =>
  `huijing-${taskId.slice(0, 8)}-${index + 1}.${kind === 'video' ? 'mp4' : 'png'}`;

/** A finished task: the picked output large (compared with the original), others in a grid. */
export const ResultView = ({
  task,
  before,
  onAgain,
  busy,
}: {
  task: TaskInfo;
  before?: string;
  onAgain: () => void;
  busy: boolean;
}) => {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const outputs = task.outputs;
  const current = outputs[Math.min(index, outputs.length - 1)];
  if (!current) {
    return <p className="hj-stage__note">{t('tools.result.empty')}</p>;
  }
  return (
    <div className="hj-result">
      <div className="hj-result__main">
        {current.kind === 'video' ? (
          <video className="hj-result__video" src={current.url} controls playsInline />
        ) : before ? (
          <CompareSlider before={before} after={current.url} alt={t('tools.result.alt')} />
        ) : (
          <img className="hj-result__img" src={current.url} alt={t('tools.result.alt')} />
        )}
      </div>
      {outputs.length > 1 ? (
        <div className="hj-result__grid" role="tablist" aria-label={t('tools.result.outputs')}>
          {outputs.map((o, i) => (
            <button
              key={o.url}
              type="button"
              role="tab"
              aria-selected={i === index}
              className={`hj-result__thumb${i === index ? ' is-active' : ''}`}
              onClick={() => setIndex(i)}
            >
              {o.kind === 'video' ? (
                <video src={o.url} muted preload="metadata" />
              ) : (
                <img src={o.thumbUrl ?? o.url} alt={`${t('tools.result.alt')} ${i + 1}`} />
              )}
            </button>
          ))}
        </div>
      ) : null}
      <div className="hj-result__bar">
        <span className="hj-result__info">
          {t('tools.result.done')} · {current.width} × {current.height}
        </span>
        <div className="hj-result__actions">
          <Button icon={<ReloadOutlined />} onClick={onAgain} loading={busy}>
            {t('tools.result.again')}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={current.url}
            download={downloadName(task.taskId, index, current.kind)}
          >
            {current.kind === 'video'
              ? t('tools.result.downloadVideo')
              : t('tools.result.download')}
          </Button>
        </div>
      </div>
    </div>
  );
};
