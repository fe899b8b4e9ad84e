import type { ToolDefinition } from '@huijing/tools';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ToolPicture } from './tool-picture';
import { useLocalized } from './use-localized';

/**
 * A tool as a card linking to its page; `compact` suits dense grids and phones. `available`
 * false (from /api/ai/tools) marks it "待开通" so nobody walks into a tool that cannot run.
 */
export const ToolCard = ({
  tool,
  compact = false,
  available,
}: {
  /** A registry tool or its catalog summary (lib/tool-catalog.ts): both carry these fields. */
  tool: Pick<
    ToolDefinition,
    'id' | 'family' | 'name' | 'description' | 'badge' | 'entry' | 'routes'
  >;
  compact?: boolean;
  available?: boolean;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const name = pick(tool.name);
  return (
    <Link
      to={tool.entry ?? tool.routes[0]!}
      className={`hj-tool-card${compact ? ' hj-tool-card--compact' : ''}${available === false ? ' is-pending' : ''}`}
      data-tool={tool.id}
      data-available={available === undefined ? undefined : String(available)}
    >
      <ToolPicture tool={tool} width={compact ? 72 : 96} height={compact ? 54 : 72} />
      <span className="hj-tool-card__body">
        <span className="hj-tool-card__title">
          <span className="hj-tool-card__name">{name}</span>
          {available === false ? (
            <span className="hj-badge hj-badge--pending">{t('firstHour.pending')}</span>
          ) : tool.badge ? (
            <span className={`hj-badge hj-badge--${tool.badge}`}>{t(`badges.${tool.badge}`)}</span>
          ) : null}
        </span>
        <span className="hj-tool-card__desc">{pick(tool.description)}</span>
      </span>
      <RightOutlined className="hj-tool-card__arrow" aria-hidden />
    </Link>
  );
};
