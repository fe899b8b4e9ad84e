import { ticketTypeNames } from '@huijing/contracts';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';

const types = [1, 2, 3, 4] as const;
const typeName = (t: number) => ticketTypeNames[t as 1 | 2 | 3 | 4]['zh-CN'];

/**
 * Two steps: the form, then a confirmation that says exactly what will happen
 * ("将为用户 138****0001 增加通用次数 7 次") before anything is sent.
 */
const confirmThen = (title: string, content: string, onOk: () => Promise<unknown>) =>
  Modal.confirm({ title, content, okText: '确认执行', cancelText: '返回修改', onOk });

type ModalProps<B> = {
  open: boolean;
  who: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: B, doneText: string) => Promise<unknown>;
};

const ReasonField = ({ value, onChange }: { value: string; onChange: (v: string) => void }) => (
  <Form.Item label="原因（必填，写入审计日志）" required>
    <Input.TextArea
      aria-label="操作原因"
      rows={2}
      maxLength={200}
      showCount
      value={value}
      placeholder="例如：活动补偿、误操作回收、用户申诉通过"
      onChange={(e) => onChange(e.target.value)}
    />
  </Form.Item>
);

export const AdjustTicketsModal = ({
  open,
  who,
  balances,
  limit,
  busy,
  onCancel,
  onSubmit,
}: ModalProps<{ type: number; delta: number; reason: string }> & {
  balances: Record<1 | 2 | 3 | 4, number>;
  limit: number | null;
}) => {
  const [type, setType] = useState<1 | 2 | 3 | 4>(1);
  const [sign, setSign] = useState<1 | -1>(1);
  const [count, setCount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const balance = balances[type];
  const problem =
    !count || count < 1
      ? '请输入调整次数'
      : limit !== null && count > limit
        ? `运营单次最多调整 ${limit} 次`
        : sign < 0 && count > balance
          ? `当前只有 ${balance} 次，不能减少 ${count} 次`
          : reason.trim().length < 2
            ? '请填写原因（至少 2 个字）'
            : null;
  const verb = sign > 0 ? '增加' : '减少';
  const sentence = `将为用户 ${who} ${verb}${typeName(type)} ${count ?? 0} 次`;

  return (
    <Modal
      open={open}
      title="调整次数"
      okText="下一步"
      cancelText="取消"
      okButtonProps={{ disabled: problem !== null }}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      afterClose={() => {
        setCount(null);
        setReason('');
        setSign(1);
      }}
      onOk={() =>
        confirmThen(
          '确认调整次数',
          `${sentence}（${balance} → ${balance + sign * (count ?? 0)}）。原因：${reason.trim()}`,
          () =>
            onSubmit(
              { type, delta: sign * (count ?? 0), reason: reason.trim() },
              `已${verb}${typeName(type)} ${count} 次`,
            ),
        )
      }
    >
      <Form layout="vertical">
        <Form.Item label="次数类型">
          <Select
            aria-label="次数类型"
            value={type}
            onChange={setType}
            options={types.map((t) => ({
              value: t,
              label: `${typeName(t)}（剩余 ${balances[t]}）`,
            }))}
          />
        </Form.Item>
        <Form.Item label="方向">
          <Radio.Group value={sign} onChange={(e) => setSign(e.target.value as 1 | -1)}>
            <Radio.Button value={1}>增加</Radio.Button>
            <Radio.Button value={-1}>扣减</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={limit !== null ? `次数（单次最多 ${limit}）` : '次数'}>
          <InputNumber
            aria-label="调整次数"
            min={1}
            max={100000}
            precision={0}
            value={count}
            onChange={setCount}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <ReasonField value={reason} onChange={setReason} />
        {problem && count ? <Alert type="warning" showIcon message={problem} /> : null}
        {!problem ? <Alert type="info" showIcon message={sentence} /> : null}
      </Form>
    </Modal>
  );
};

export const DisableUserModal = ({
  open,
  who,
  disabled,
  busy,
  onCancel,
  onSubmit,
}: ModalProps<{ disabled: boolean; reason: string }> & { disabled: boolean }) => {
  const [reason, setReason] = useState('');
  const sentence = disabled
    ? `将恢复用户 ${who}：恢复后可以重新通过短信或微信登录`
    : `将停用用户 ${who}：其所有登录立即失效，短信和微信登录会提示“账号已停用”及申诉方式`;
  return (
    <Modal
      open={open}
      title={disabled ? '恢复账号' : '停用账号'}
      okText="下一步"
      cancelText="取消"
      okButtonProps={{ disabled: reason.trim().length < 2, danger: !disabled }}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      afterClose={() => setReason('')}
      onOk={() =>
        confirmThen(disabled ? '确认恢复' : '确认停用', `${sentence}。原因：${reason.trim()}`, () =>
          onSubmit(
            { disabled: !disabled, reason: reason.trim() },
            disabled ? '账号已恢复' : '账号已停用，所有登录已失效',
          ),
        )
      }
    >
      <Alert
        type={disabled ? 'info' : 'warning'}
        showIcon
        message={sentence}
        style={{ marginBottom: 16 }}
      />
      <Form layout="vertical">
        <ReasonField value={reason} onChange={setReason} />
      </Form>
    </Modal>
  );
};

export const GrantVipModal = ({
  open,
  who,
  currentUntil,
  busy,
  onCancel,
  onSubmit,
}: ModalProps<{ tier: 'vip' | 'svip'; days: number; reason: string }> & {
  currentUntil: string | null;
}) => {
  const [tier, setTier] = useState<'vip' | 'svip'>('vip');
  const [days, setDays] = useState<number | null>(30);
  const [reason, setReason] = useState('');
  const [openedAt] = useState(() => Date.now());
  const start = Math.max(openedAt, currentUntil ? Date.parse(currentUntil) : 0);
  const until = new Date(start + (days ?? 0) * 86_400_000);
  const untilText = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
  const sentence = `将为用户 ${who} 开通 ${tier.toUpperCase()} ${days ?? 0} 天（至 ${untilText}）`;
  // Months as the server splits the grant (round(days / 30), at least one; docs/payments.md).
  const months = Math.max(1, Math.round((days ?? 0) / 30));
  return (
    <Modal
      open={open}
      title="开通 / 延长会员"
      okText="下一步"
      cancelText="取消"
      okButtonProps={{ disabled: !days || reason.trim().length < 2 }}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      afterClose={() => setReason('')}
      onOk={() =>
        confirmThen('确认会员变更', `${sentence}。原因：${reason.trim()}`, () =>
          onSubmit({ tier, days: days ?? 0, reason: reason.trim() }, `会员已更新，至 ${untilText}`),
        )
      }
    >
      <Form layout="vertical">
        <Form.Item label="会员等级">
          <Radio.Group value={tier} onChange={(e) => setTier(e.target.value as 'vip' | 'svip')}>
            <Radio.Button value="vip">VIP</Radio.Button>
            <Radio.Button value="svip">SVIP</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="天数（从当前到期日或今天起加）">
          <InputNumber
            aria-label="会员天数"
            min={1}
            max={3650}
            precision={0}
            value={days}
            onChange={setDays}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <ReasonField value={reason} onChange={setReason} />
        <Alert
          type="info"
          showIcon
          message={sentence}
          description={`与购买的会员相同，含 ${months} 个月的会员次数：按该等级最短会员套餐每月的次数发放，从会员开始之日起每月到账一次（若从今天开始，本月的次数立即到账）。`}
        />
      </Form>
    </Modal>
  );
};
