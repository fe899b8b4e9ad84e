import { CrownFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRecharge } from './recharge.store';

/**
 * 充值 in every header, one click from any page: opens the recharge modal (a visitor is asked to
 * sign in first, features/commerce). `compact` is the phone bars' round icon button.
 */
export const RechargeButton = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation();
  const openRecharge = useRecharge((s) => s.openRecharge);
  return (
    <button
      type="button"
      className={compact ? 'hj-m__login hj-recharge-btn--compact' : 'hj-recharge-btn'}
      aria-label={t('nav.recharge')}
      data-action="recharge"
      onClick={() => openRecharge()}
    >
      <CrownFilled />
      {compact ? null : <span>{t('nav.recharge')}</span>}
    </button>
  );
};
