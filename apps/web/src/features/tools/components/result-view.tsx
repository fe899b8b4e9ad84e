import {
  DownloadOutlined,
  ExpandOutlined,
  FileZipOutlined,
  ReloadOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { TaskInfo } from '@huijing/contracts';
import type { ToolDefinition } from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/antd-look';
import { useLocalized } from '../../../components/use-localized';
import { useCurrentUser } from '../../../components/use-session';
import { taskDetailQuery } from '../done/done.api';
import { ResultActionSlot } from '../../../components/result-action-slot';
import { downloadStem, planDownload, servedWatermarked } from '../results/download-plan';
import { LinkButton } from '../results/link-button';
import { doneVariantFor, sendTargets, type DoneVariant } from '../results/send-to';
import { SendToMenu } from '../results/send-to-menu';
import { useDownloads } from '../results/use-downloads';
import { useSendTo } from '../results/use-send-to';
import { CompareSlider } from './compare-slider';

/**
 * The full-screen viewer opens on a click: fetched once a result is shown (results/image-viewer,
 * with its zoom and its icons), not with the tool page's first load.
 */
const loadViewer = () => import('../results/image-viewer');
const ImageViewer = lazy(() => loadViewer().then((m) => ({ default: m.ImageViewer })));

/**
 * A finished task: the picked output large (compared with the original, click to open the
 * full-screen viewer), others in a grid, then downloads (PNG, photo.zip), re-run, "continue
 * with another tool" and the link to the task's done page.
 */
export const ResultView = ({
  task,
  tool,
  before,
  ticketType = tool.ticketType,
  variant = doneVariantFor(tool),
  onAgain,
  againPrice,
  busy = false,
  detailHref,
  canSend = true,
  zipAlways = false,
  extra,
}: {
  task: Pick<TaskInfo, 'outputs'> & { taskId?: string; createdAt?: string };
  tool: ToolDefinition;
  before?: string;
  ticketType?: number;
  variant?: DoneVariant;
  /** "再来一次": this run again with its own images and settings (the owner only). */
  onAgain?: () => void;
  /** What that re-run costs (its own count of images), shown on the button once known. */
  againPrice?: number;
  busy?: boolean;
  /** The done page of this task ("查看详情 / 分享"). */
  detailHref?: string;
  /** Only the owner can send an output on: it becomes their next task's input. */
  canSend?: boolean;
  /** Offer photo.zip even for one output (the done page keeps every download at hand). */
  zipAlways?: boolean;
  extra?: ReactNode;
}) => {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const pick = useLocalized();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const outputs = task.outputs;
  const at = Math.min(index, outputs.length - 1);
  const current = outputs[at];
  const stem = downloadStem(tool.id, task.taskId ?? task.createdAt ?? 'shared');
  // Compression's output format is the designer's choice: save it as it is, not as PNG.
  const keepFormat = tool.capability === 'compress';
  const downloads = useDownloads(stem, keepFormat, tool.id);
  const sendTo = useSendTo();
  // The run's own original: a history entry may come from another upload than the one in the
  // form now. Shared with the done page's query, so that page asks once.
  const detail = useQuery(taskDetailQuery(task.taskId ?? '', Boolean(before && task.taskId)));
  const original = before && detail.data ? (detail.data.before?.url ?? before) : before;
  // Ready by the time the designer clicks an image: fetched once one is shown.
  const hasImage = outputs.some((o) => o.kind === 'image');
  useEffect(() => {
    if (hasImage) void loadViewer().catch(() => undefined);
  }, [hasImage]);
  if (!current) {
    return <p className="hj-stage__note">{t('tools.result.empty')}</p>;
  }
  const isImage = current.kind === 'image';
  // The viewer pages through images only; indexes map back to the task's outputs.
  const images = outputs.filter((o) => o.kind === 'image');
  const targets = canSend && isImage ? sendTargets(variant, tool.id) : [];
  const plan = planDownload(current, at, stem, undefined, keepFormat);
  return (
    <div className="hj-result">
      <div className="hj-result__main">
        {current.kind === 'video' ? (
          <video className="hj-result__video" src={current.url} controls playsInline />
        ) : original ? (
          <CompareSlider before={original} after={current.url} alt={t('tools.result.alt')} />
        ) : (
          <button
            type="button"
            className="hj-result__open"
            onClick={() => setViewing(true)}
            aria-label={t('results.viewer.open')}
          >
            <img className="hj-result__img" src={current.url} alt={t('tools.result.alt')} />
          </button>
        )}
        {isImage ? (
          <Button
            className="hj-result__zoom"
            shape="round"
            size="small"
            icon={<ExpandOutlined />}
            onClick={() => setViewing(true)}
          >
            {t('results.viewer.open')}
          </Button>
        ) : null}
      </div>
      {outputs.length > 1 ? (
        <div className="hj-result__grid" role="tablist" aria-label={t('tools.result.outputs')}>
          {outputs.map((o, i) => (
            <button
              key={o.url}
              type="button"
              role="tab"
              aria-selected={i === at}
              className={`hj-result__thumb${i === at ? ' is-active' : ''}`}
              onClick={() => setIndex(i)}
              onDoubleClick={() => o.kind === 'image' && setViewing(true)}
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
          {typeof current.structureScore === 'number' ? (
            <span className="hj-result__structure" title={t('results.structureHint')}>
              {' · '}
              {t('results.structure', { percent: Math.round(current.structureScore * 100) })}
            </span>
          ) : null}
          {servedWatermarked(ticketType, Boolean(user?.vip.isVip)) ? (
            <small className="hj-result__mark"> · {t('results.download.watermarked')}</small>
          ) : null}
        </span>
        <div className="hj-result__actions">
          {onAgain ? (
            <Button
              icon={<ReloadOutlined />}
              onClick={onAgain}
              loading={busy}
              title={t('results.again.hint')}
            >
              {t('tools.result.again')}
              {againPrice !== undefined ? (
                <small className="hj-result__again-price">
                  {againPrice > 0
                    ? t('results.again.price', { price: againPrice })
                    : t('results.again.free')}
                </small>
              ) : null}
            </Button>
          ) : null}
          <SendToMenu
            targets={targets}
            onSend={(target) => sendTo(current, target)}
            onAsk={
              targets.length > 0
                ? () =>
                    void navigate('/deepseek', {
                      state: {
                        initialImage: current.url,
                        initialMessage: t('results.send.askMessage', { tool: pick(tool.name) }),
                      },
                    })
                : undefined
            }
          />
          {detailHref ? (
            <LinkButton to={detailHref} icon={<ShareAltOutlined />}>
              {t('results.detail')}
            </LinkButton>
          ) : null}
          {extra}
          {canSend && task.taskId && current.kind === 'image' ? (
            <ResultActionSlot
              taskId={task.taskId}
              index={at}
              defaultTitle={pick(tool.name)}
              hasBefore={Boolean(before)}
            />
          ) : null}
          {outputs.length > 1 || zipAlways ? (
            <Button
              icon={<FileZipOutlined />}
              loading={downloads.busy === 'zip'}
              onClick={() => void downloads.downloadZip(outputs)}
            >
              {t('results.download.zip', { count: outputs.length })}
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={current.url}
            download={plan.name}
            loading={downloads.busy === 'one'}
            onClick={(e) => {
              // The link is the fallback without script; normally the PNG is prepared here.
              e.preventDefault();
              void downloads.downloadOne(current, at);
            }}
          >
            {current.kind === 'video'
              ? t('tools.result.downloadVideo')
              : keepFormat
                ? t('tools.result.downloadFile')
                : t('tools.result.download')}
          </Button>
        </div>
      </div>
      {viewing && isImage ? (
        <Suspense fallback={null}>
          <ImageViewer
            outputs={images}
            index={images.indexOf(current)}
            onIndex={(i) => setIndex(outputs.indexOf(images[i]!))}
            before={original}
            onClose={() => setViewing(false)}
            onDownload={(i) => void downloads.downloadOne(images[i]!, outputs.indexOf(images[i]!))}
            downloading={downloads.busy === 'one'}
          />
        </Suspense>
      ) : null}
    </div>
  );
};
