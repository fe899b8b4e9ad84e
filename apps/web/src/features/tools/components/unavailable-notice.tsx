import { InfoCircleFilled } from '@ant-design/icons';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalized } from '../../../components/use-localized';
import { useToolAvailability } from '../../../components/use-tool-availability';
import { runnableAlternatives } from '../../../lib/tool-availability';
import { catalogTools, type CatalogTool } from '../../../lib/tool-catalog';
import './unavailable-notice.css';

/**
 * What a designer reads on a tool that cannot run now: that it is being connected, and two tools
 * that do run (same family first). The engine's own reason is for operators: it stays in the
 * admin engine view and docs/operations.md, not on a designer's screen.
 *
 * Plain markup from the build-time catalog (no antd, no registry): the tool page's frame shows it
 * as soon as the availability answer is in, before the workspace loads, and the workspace draws
 * the same notice in the same place, so it neither moves the page nor paints late.
 */
export const UnavailableNotice = ({
  tool,
  hrefOf,
  className,
}: {
  tool: Pick<CatalogTool, 'id' | 'family'>;
  /** Where an alternative opens: its desktop page unless told (the phone's /mobilePrepare). */
  hrefOf?: (tool: CatalogTool) => string;
  className?: string;
}) => {
  const { available } = useToolAvailability();
  return (
    <UnavailableNoticeView
      others={runnableAlternatives(tool, catalogTools, available)}
      hrefOf={hrefOf}
      className={className}
    />
  );
};

/** A tool to suggest instead: the catalog's fields the notice shows. */
export type NoticeAlternative = Pick<CatalogTool, 'id' | 'name' | 'entry'>;

/**
 * The notice itself, given the alternatives. The build also renders it with placeholders
 * (app/first-screens.tsx, noticeTemplates) for the server, which writes it into a tool page's
 * shell when the tool cannot run (apps/server/src/http/tool-shell.ts).
 */
export const UnavailableNoticeView = <T extends NoticeAlternative>({
  others,
  hrefOf = (other) => other.entry,
  className,
}: {
  others: readonly T[];
  hrefOf?: (tool: T) => string;
  className?: string;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  return (
    <div
      className={className ? `hj-notice ${className}` : 'hj-notice'}
      role="note"
      data-testid="tool-pending"
    >
      <InfoCircleFilled className="hj-notice__icon" aria-hidden />
      <div>
        <p className="hj-notice__title">{t('firstHour.pending')}</p>
        <p className="hj-notice__text">
          {others.length > 0 ? (
            <>
              {t('firstHour.pendingTitle')}；{t('firstHour.pendingTry')}{' '}
              {others.map((other, i) => (
                <Fragment key={other.id}>
                  {i > 0 ? '、' : null}
                  <Link to={hrefOf(other)} data-tool={other.id}>
                    {pick(other.name)}
                  </Link>
                </Fragment>
              ))}
              。
            </>
          ) : (
            t('firstHour.pendingNone')
          )}
        </p>
      </div>
    </div>
  );
};
