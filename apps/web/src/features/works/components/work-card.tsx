import {
  ClockCircleOutlined,
  CloseCircleOutlined,
  LoadingOutlined,
  PlayCircleFilled,
} from '@ant-design/icons';
import type { TaskInfo } from '@huijing/contracts';
import { getTool } from '@huijing/tools';
import { Checkbox, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultActionSlot } from '../../../components/result-action-slot';
import { useLocalized } from '../../../components/use-localized';
import { doneHref } from '../../../lib/done-links';
import { formatDateTime } from '../../../lib/format';

const StatusCover = ({ work }: { work: TaskInfo }) => {
  const { t } = useTranslation();
  if (work.status === 'queued') {
    return (
      <span className="hj-work__state">
        <ClockCircleOutlined />
        {work.queueNum > 0
          ? t('works.card.queuedAhead', { n: work.queueNum })
          : t('works.card.queued')}
      </span>
    );
  }
  if (work.status === 'running') {
    return (
      <span className="hj-work__state">
        <LoadingOutlined />
        {t('works.card.running')}
        <Progress percent={work.progress} size="small" showInfo={false} />
      </span>
    );
  }
  return (
    <span className="hj-work__state hj-work__state--bad">
      <CloseCircleOutlined />
      {work.status === 'canceled' ? t('works.card.canceled') : t('works.card.failed')}
      {work.error ? <small>{work.error}</small> : null}
    </span>
  );
};

/**
 * One work: its first output (or its state), tool, time, its prompt and settings (or the size it
 * came out at); the box selects it.
 */
export const WorkCard = ({
  work,
  selected,
  onToggle,
}: {
  work: TaskInfo;
  selected: boolean;
  onToggle: (taskId: string) => void;
}) => {
  const { t, i18n } = useTranslation();
  const en = i18n.resolvedLanguage === 'en-US';
  const pick = useLocalized();
  const tool = getTool(work.toolId);
  const toolName = tool ? pick(tool.name) : work.toolId;
  const cover = work.outputs[0];
  // The work's own picks (style, space, view…), not the tool's tagline.
  const settings = (work.settings ?? [])
    .map((s) => (en ? (s.nameEn ?? s.name) : s.name))
    .join(' · ');
  const more = work.outputs.length - 1;
  return (
    <article className={`hj-work${selected ? ' is-selected' : ''}`} data-task-id={work.taskId}>
      <Link
        // The done page of the work's own family: an edit's work never says "返回 AI 渲染".
        to={doneHref(tool ?? { id: work.toolId, family: 'render' }, work.taskId)}
        className="hj-work__media"
        aria-label={t('works.card.open', { tool: toolName })}
      >
        {cover?.kind === 'video' ? (
          <>
            <video src={cover.url} muted preload="metadata" playsInline />
            <PlayCircleFilled className="hj-work__play" />
          </>
        ) : cover ? (
          <img src={cover.thumbUrl ?? cover.url} alt={toolName} loading="lazy" />
        ) : (
          <StatusCover work={work} />
        )}
        {more > 0 ? <span className="hj-work__more">+{more}</span> : null}
      </Link>
      <Checkbox
        className="hj-work__check"
        checked={selected}
        onChange={() => onToggle(work.taskId)}
        aria-label={t('works.card.select', { tool: toolName })}
      />
      <div className="hj-work__meta">
        <div className="hj-work__row">
          <strong title={toolName}>{toolName}</strong>
          <time dateTime={work.createdAt}>{formatDateTime(work.createdAt)}</time>
        </div>
        {work.prompt ? <p title={work.prompt}>{work.prompt}</p> : null}
        {settings ? (
          <p className="hj-work__settings" title={settings}>
            {settings}
          </p>
        ) : !work.prompt && cover ? (
          <p className="is-empty">
            {t('works.card.size', { width: cover.width, height: cover.height })}
          </p>
        ) : null}
        {work.status === 'succeeded' && cover?.kind === 'image' ? (
          <ResultActionSlot taskId={work.taskId} size="small" block defaultTitle={toolName} />
        ) : null}
      </div>
    </article>
  );
};
