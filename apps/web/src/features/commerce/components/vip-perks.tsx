import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import type { Product } from '@huijing/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../components/use-session';

const yes = <CheckOutlined className="hj-perks__yes" aria-label="✓" />;
const no = <MinusOutlined className="hj-perks__no" aria-label="—" />;

/** The perks of each tier side by side (the server enforces them; this only explains them). */
export const VipPerks = ({ plans }: { plans: Product[] }) => {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  // A plan's tickets are its monthly allowance (granted at the start of each month it bought).
  const allowance = (tier: 'vip' | 'svip') =>
    [
      ...new Set(
        plans
          .filter((p) => p.vipTier === tier && p.tickets?.['1'])
          .map((p) => t('commerce.vip.perMonth', { n: p.tickets?.['1'] })),
      ),
    ].join(' / ') || '—';
  const rows: [string, React.ReactNode, React.ReactNode, React.ReactNode][] = [
    [
      t('commerce.vip.queue'),
      t('commerce.vip.queueNone'),
      t('commerce.vip.queueVip'),
      t('commerce.vip.queueSvip'),
    ],
    [t('commerce.vip.allowance'), '—', allowance('vip'), allowance('svip')],
    [t('commerce.vip.watermark'), no, yes, yes],
    [t('commerce.vip.training'), no, yes, yes],
    [t('commerce.vip.support'), no, no, yes],
  ];
  return (
    <section className="hj-perks" aria-label={t('commerce.vip.title')}>
      <h3>{t('commerce.vip.title')}</h3>
      {user?.vip.isVip && user.vip.expiresAt ? (
        <p className="hj-perks__current">
          {t('commerce.vip.current', {
            tier: user.vip.tierName,
            date: new Date(user.vip.expiresAt).toLocaleDateString('zh-CN'),
          })}
        </p>
      ) : null}
      {user?.vip.perks.nextAllowanceAt ? (
        <p className="hj-perks__current">
          {t('commerce.vip.nextAllowance', {
            date: new Date(user.vip.perks.nextAllowanceAt).toLocaleDateString('zh-CN'),
          })}
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>{t('commerce.vip.perk')}</th>
            <th>{t('commerce.vip.none')}</th>
            <th className="is-vip">{t('commerce.vip.vip')}</th>
            <th className="is-svip">{t('commerce.vip.svip')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, a, b, c]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{a}</td>
              <td>{b}</td>
              <td>{c}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
};
