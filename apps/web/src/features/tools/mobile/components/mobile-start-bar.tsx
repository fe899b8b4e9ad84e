import { ticketTypeNames } from '@huijing/contracts';
import type { TicketType } from '@huijing/tools';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../../components/use-localized';
import { blockerText } from '../../model/start-blocker';
import type { useMobileRun } from '../hooks/use-mobile-run';

/**
 * The sticky bottom bar: price and balance on the left, the start button under the thumb, and
 * the reason it cannot start right above it. Padded for the home indicator.
 */
export const MobileStartBar = ({
  run,
  ticketType,
  verb,
  onStart,
  icon,
}: {
  run: ReturnType<typeof useMobileRun>;
  ticketType: TicketType;
  /** The tool's start words (开始渲染, 开始压缩…). */
  verb: string;
  onStart: () => void;
  icon: ReactNode;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { blocker, signedIn, price, balance, start } = run;
  // The desktop's wording (a missing mask: 请先在图上涂抹要处理的区域).
  const reason = blockerText(blocker, t);
  const pending = blocker?.kind === 'unavailable';
  return (
    <div className="hj-mf-startbar">
      {reason ? (
        <p className="hj-mf-startbar__reason" role="note">
          {reason}
        </p>
      ) : null}
      <div className="hj-mf-startbar__row">
        <p className="hj-mf-startbar__price" data-testid="price-line">
          <strong>{price > 0 ? t('tools.start.price', { price }) : t('mobile.list.free')}</strong>
          <small>
            {signedIn && balance !== null
              ? `${t('tools.start.balance', { balance })} · ${pick(ticketTypeNames[ticketType])}`
              : pick(ticketTypeNames[ticketType])}
          </small>
        </p>
        <Button
          type="primary"
          size="large"
          className="hj-mf-startbar__go"
          icon={icon}
          loading={start.isPending || (run.userLoading && !signedIn)}
          disabled={pending || (signedIn && blocker !== null)}
          onClick={onStart}
        >
          {pending
            ? t('firstHour.pendingButton')
            : !signedIn
              ? t('mobile.prepare.login')
              : start.isPending
                ? t('mobile.prepare.starting')
                : verb}
        </Button>
      </div>
    </div>
  );
};
