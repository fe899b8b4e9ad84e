import { allTools, type ToolDefinition } from '@huijing/tools';
import { Alert } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalized } from '../../../components/use-localized';
import { useToolAvailability } from '../../../components/use-tool-availability';
import { runnableAlternatives } from '../../../lib/tool-availability';

/**
 * What a designer reads on a tool that cannot run now: that it is being connected, and two tools
 * that do run (same family first). The engine's own reason is for operators: it stays in the
 * admin engine view and docs/operations.md, not on a designer's screen.
 */
export const UnavailableNotice = ({
  tool,
  hrefOf,
  className,
}: {
  tool: ToolDefinition;
  /** Where an alternative opens: the desktop route, or the phone's /mobilePrepare. */
  hrefOf: (tool: ToolDefinition) => string;
  className?: string;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { available } = useToolAvailability();
  const others = runnableAlternatives(tool, allTools, available);
  return (
    <Alert
      className={className}
      type="info"
      showIcon
      data-testid="tool-pending"
      message={t('firstHour.pending')}
      description={
        others.length > 0 ? (
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
        )
      }
    />
  );
};
