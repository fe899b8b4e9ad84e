import { formatFen, maskPhone, ticketTypeNames, type TicketGrants } from '@huijing/contracts';

export const orderStatus: Record<string, { text: string; color: string }> = {
  pending: { text: '待支付', color: 'blue' },
  paid: { text: '已支付', color: 'success' },
  closed: { text: '已关闭', color: 'default' },
  refunded: { text: '已退款', color: 'orange' },
};
export const channelNames: Record<string, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  sandbox: '沙箱',
};
export const providerStates: Record<string, string> = {
  paid: '已支付',
  pending: '待支付',
  closed: '已关闭',
  refunded: '已退款',
  missing: '平台无此订单',
};

export const yuan = (fen: number) => `¥${formatFen(fen)}`;
export const buyerLabel = (o: { userPhone: string | null; userId: string }) =>
  o.userPhone ? maskPhone(o.userPhone) : o.userId.slice(0, 8);
export const grantsText = (grants: TicketGrants | undefined) =>
  Object.entries(grants ?? {})
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([type, n]) => `${ticketTypeNames[Number(type) as 1 | 2 | 3 | 4]['zh-CN']} ×${n}`)
    .join('、') || '—';
