import { RightOutlined } from '@ant-design/icons';
import type { ToolDefinition } from '@huijing/tools';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ToolPicture } from '../../../../components/tool-picture';
import { useLocalized } from '../../../../components/use-localized';
import { prepareHref } from '../model/mobile-flow';

/** One tool as a full-width touch row: icon, name, what it does, price and any limit. */
export const MobileToolRow = ({
  tool,
  price,
  available,
}: {
  tool: ToolDefinition;
  price: number;
  available: boolean | undefined;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  return (
    <li>
      <Link
        to={prepareHref(tool.id)}
        className="hj-mf-row"
        data-tool={tool.id}
        data-available={available === undefined ? undefined : String(available)}
      >
        <ToolPicture tool={tool} width={64} height={48} caption={false} glyphSize={48} />
        <span className="hj-mf-row__text">
          <strong>
            {pick(tool.name)}
            {tool.badge ? (
              <em className={`hj-badge hj-badge--${tool.badge}`}>{t(`badges.${tool.badge}`)}</em>
            ) : null}
          </strong>
          <small>{pick(tool.description)}</small>
        </span>
        <span className="hj-mf-row__side">
          <span className="hj-mf-row__price">
            {price > 0 ? t('mobile.list.price', { price }) : t('mobile.list.free')}
          </span>
          {available === false ? (
            <span className="hj-mf-tag hj-mf-tag--warn">{t('mobile.list.unavailable')}</span>
          ) : (
            <RightOutlined className="hj-mf-row__go" aria-hidden />
          )}
        </span>
      </Link>
    </li>
  );
};
