import { toolEntry, type ToolDefinition } from '@huijing/tools';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ToolGlyph } from './tool-glyph';
import { useLocalized } from './use-localized';

/** A tool as a card linking to its page; `compact` suits dense grids and phones. */
export const ToolCard = ({
  tool,
  compact = false,
}: {
  tool: ToolDefinition;
  compact?: boolean;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const name = pick(tool.name);
  return (
    <Link
      to={toolEntry(tool)}
      className={`hj-tool-card${compact ? ' hj-tool-card--compact' : ''}`}
      data-tool={tool.id}
    >
      <ToolGlyph family={tool.family} seed={tool.id} label={tool.name['zh-CN']} />
      <span className="hj-tool-card__body">
        <span className="hj-tool-card__title">
          <span className="hj-tool-card__name">{name}</span>
          {tool.badge ? (
            <span className={`hj-badge hj-badge--${tool.badge}`}>{t(`badges.${tool.badge}`)}</span>
          ) : null}
        </span>
        <span className="hj-tool-card__desc">{pick(tool.description)}</span>
      </span>
      <RightOutlined className="hj-tool-card__arrow" aria-hidden />
    </Link>
  );
};
