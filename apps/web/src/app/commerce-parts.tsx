import { lazy, Suspense, useEffect, useState } from 'react';
import { useRecharge } from '../components/recharge.store';
import { registerTicketsShortHandler } from '../lib/tickets-short';

/** The recharge modal (features/commerce) and its theme load the first time it is asked for. */
const LazyRechargeModal = lazy(() =>
  Promise.all([import('../features/commerce'), import('../components/antd-root')]).then(
    ([m, { AntdRoot }]) => ({
      default: () => (
        <AntdRoot>
          <m.RechargeModal />
        </AntdRoot>
      ),
    }),
  ),
);

/**
 * Mounts the recharge modal once something opens it, and makes every 次数不足 (or 会员专享) answer
 * of the API (lib/request → lib/tickets-short) open it with the hint at the top.
 */
export const RechargeHost = () => {
  const open = useRecharge((s) => s.open);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    registerTicketsShortHandler((need) =>
      useRecharge
        .getState()
        .openRecharge(
          need === 'vip-required' ? { tab: 'vip', reason: need } : { reason: 'tickets-short' },
        ),
    );
    return () => registerTicketsShortHandler(undefined);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyRechargeModal />
    </Suspense>
  );
};
