import {
  formatFen,
  parseYuan,
  ticketTypeNames,
  type AdminProduct,
  type AdminProductCreate,
  type TicketGrants,
} from '@huijing/contracts';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import dayjs from '../../../lib/dayjs-zh';
import { grantsText, yuan } from './order-labels';

type Values = {
  id: string;
  kind: 'tickets' | 'vip';
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  stock: number | null;
  onSale: boolean;
  tickets: Record<'1' | '2' | '3' | '4', number | null>;
  vipDays: number | null;
  vipTier: 'vip' | 'svip' | null;
  dates: [Dayjs | null, Dayjs | null] | undefined;
  reason: string;
};

const types = ['1', '2', '3', '4'] as const;

const toValues = (p?: AdminProduct): Values => ({
  id: p?.id ?? '',
  kind: p?.kind === 'vip' ? 'vip' : 'tickets',
  name: p?.name ?? '',
  description: p?.description ?? '',
  price: p ? formatFen(p.priceFen) : '',
  originalPrice: p?.originalPriceFen ? formatFen(p.originalPriceFen) : '',
  stock: p?.stockTotal ?? null,
  onSale: p?.onSale ?? false,
  tickets: Object.fromEntries(types.map((t) => [t, p?.tickets?.[t] ?? null])) as Values['tickets'],
  vipDays: p?.vipDays ?? null,
  vipTier: p?.vipTier ?? null,
  dates:
    p?.startsAt || p?.endsAt
      ? [p.startsAt ? dayjs(p.startsAt) : null, p.endsAt ? dayjs(p.endsAt) : null]
      : undefined,
  reason: '',
});

/** The body to send: every field for a new product, only what changed for an edit. */
const toBody = (v: Values, before?: AdminProduct) => {
  const tickets: TicketGrants = {};
  for (const t of types) if ((v.tickets[t] ?? 0) > 0) tickets[t] = v.tickets[t]!;
  const full = {
    name: v.name.trim(),
    description: v.description.trim(),
    priceFen: parseYuan(v.price) ?? NaN,
    originalPriceFen: v.originalPrice.trim() ? (parseYuan(v.originalPrice) ?? NaN) : null,
    stock: v.stock ?? null,
    onSale: v.onSale,
    tickets,
    vipDays: v.kind === 'vip' ? v.vipDays : null,
    vipTier: v.kind === 'vip' ? v.vipTier : null,
    startsAt: v.dates?.[0]?.toISOString() ?? null,
    endsAt: v.dates?.[1]?.toISOString() ?? null,
  };
  if (!before) return { id: v.id.trim(), kind: v.kind, ...full };
  const was = {
    name: before.name,
    description: before.description,
    priceFen: before.priceFen,
    originalPriceFen: before.originalPriceFen ?? null,
    stock: before.stockTotal,
    onSale: before.onSale,
    tickets: before.tickets ?? {},
    vipDays: before.vipDays ?? null,
    vipTier: before.vipTier ?? null,
    startsAt: before.startsAt ? new Date(before.startsAt).toISOString() : null,
    endsAt: before.endsAt ? new Date(before.endsAt).toISOString() : null,
  };
  return Object.fromEntries(
    Object.entries(full).filter(
      ([k, value]) => JSON.stringify(value) !== JSON.stringify(was[k as keyof typeof was]),
    ),
  );
};

const label = (k: string, v: unknown): string => {
  if (v === null || v === undefined) return '无';
  if (k === 'priceFen' || k === 'originalPriceFen') return yuan(v as number);
  if (k === 'onSale') return v ? '上架' : '下架';
  if (k === 'tickets') return grantsText(v as TicketGrants);
  if (k === 'stock') return `${v as number} 份`;
  if (k === 'startsAt' || k === 'endsAt') return dayjs(v as string).format('YYYY-MM-DD HH:mm');
  return String(v);
};
const names: Record<string, string> = {
  name: '名称',
  description: '描述',
  priceFen: '价格',
  originalPriceFen: '原价',
  stock: '库存',
  onSale: '状态',
  tickets: '次数',
  vipDays: '会员天数',
  vipTier: '会员等级',
  startsAt: '开始时间',
  endsAt: '结束时间',
};

/** "将把「100 次通用包」的价格从 ¥49.00 改为 ¥39.00，状态从 下架 改为 上架" */
export const productChangeSentence = (body: Record<string, unknown>, before?: AdminProduct) => {
  if (!before) {
    return `将新建${body.kind === 'vip' ? '会员套餐' : '次数包'}「${String(body.name)}」（${String(
      body.id,
    )}），售价 ${label('priceFen', body.priceFen)}，${
      body.kind === 'vip'
        ? `${String(body.vipTier ?? '').toUpperCase()} ${String(body.vipDays)} 天`
        : label('tickets', body.tickets)
    }，${body.onSale ? '立即上架' : '暂不上架'}`;
  }
  const parts = Object.entries(body).map(
    ([k, v]) =>
      `${names[k] ?? k}从 ${label(k, before && k in before ? (before as Record<string, unknown>)[k === 'stock' ? 'stockTotal' : k] : null)} 改为 ${label(k, v)}`,
  );
  return `将把「${before.name}」的${parts.join('，')}`;
};

/** Create (no product) or edit a ticket pack or VIP plan; confirms the exact change first. */
export const ProductFormModal = ({
  open,
  product,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  product?: AdminProduct;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: AdminProductCreate | Record<string, unknown>) => Promise<unknown>;
}) => {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string>();
  const kind = Form.useWatch('kind', form);

  const submit = async () => {
    const values = await form.validateFields();
    const body = toBody(values, product);
    if (Number.isNaN(body.priceFen) || Number.isNaN(body.originalPriceFen)) {
      setProblem('价格须为金额，如 49 或 49.90');
      return;
    }
    if (product && Object.keys(body).length === 0) {
      setProblem('没有修改任何内容');
      return;
    }
    const reason = values.reason.trim();
    Modal.confirm({
      title: product ? '保存修改' : '新建商品',
      content: `${productChangeSentence(body, product)}。`,
      okText: '确认执行',
      cancelText: '返回修改',
      onOk: () => onSubmit({ ...body, ...(reason && { reason }) }),
    });
  };

  return (
    <Modal
      open={open}
      title={product ? `编辑商品 ${product.id}` : '新建商品'}
      okText="下一步"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => void submit().catch(() => undefined)}
      afterOpenChange={(opened) => {
        if (!opened) return;
        form.resetFields();
        form.setFieldsValue(toValues(product));
        setProblem(undefined);
      }}
      forceRender
      width={620}
    >
      {problem ? (
        <Alert type="error" showIcon message={problem} className="hj-admin-alert" />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false}>
        {!product ? (
          <>
            <Form.Item
              name="id"
              label="商品编号（创建后不能修改）"
              rules={[
                { required: true, message: '请填写商品编号' },
                { pattern: /^[a-z0-9][a-z0-9-]{1,39}$/, message: '小写字母、数字和 -，2–40 位' },
              ]}
            >
              <Input placeholder="例如 pack-200" />
            </Form.Item>
            <Form.Item name="kind" label="类型">
              <Radio.Group
                options={[
                  { value: 'tickets', label: '次数包' },
                  { value: 'vip', label: '会员套餐' },
                ]}
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <div className="hj-admin-form-row">
          <Form.Item
            name="price"
            label="售价（元）"
            rules={[{ required: true, message: '请填写售价' }]}
          >
            <Input inputMode="decimal" placeholder="49.00" />
          </Form.Item>
          <Form.Item name="originalPrice" label="原价（元，可空）">
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="stock" label="库存（空为不限）">
            <InputNumber min={product?.sold ?? 0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div className="hj-admin-form-row">
          {types.map((t) => (
            <Form.Item
              key={t}
              name={['tickets', t]}
              label={ticketTypeNames[Number(t) as 1]['zh-CN']}
            >
              <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </div>
        {(product?.kind ?? kind) === 'vip' ? (
          <div className="hj-admin-form-row">
            <Form.Item
              name="vipTier"
              label="会员等级"
              rules={[{ required: true, message: '请选择' }]}
            >
              <Select
                options={[
                  { value: 'vip', label: 'VIP' },
                  { value: 'svip', label: 'SVIP' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="vipDays"
              label="会员天数"
              rules={[{ required: true, message: '请填写' }]}
            >
              <InputNumber min={1} max={3650} style={{ width: '100%' }} />
            </Form.Item>
          </div>
        ) : null}
        <Form.Item name="dates" label="售卖时间（可空：一直可买）">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="onSale" label="上架" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="reason" label="原因（写入审计日志）">
          <Input maxLength={200} placeholder="例如：双十一调价" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
