import type { AdminProduct } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ordersApi, ordersKeys, productsQuery } from '../api/orders.api';
import { useUrlTable } from '../hooks/use-url-table';
import { ConsoleError } from './console-error';
import { grantsText, yuan } from './order-labels';
import { ProductFormModal } from './product-form-modal';
import { FilterSearch, FilterSelect } from './console-filters';
import { ConsoleTable } from './console-table';

const kindNames: Record<string, string> = {
  tickets: '次数包',
  vip: '会员套餐',
  custom: '定制',
  activity: '活动',
};

/** /admin/products: the whole catalogue (on sale or not); edit, create packs and plans. */
export const AdminProductsPage = () => {
  usePageTitle('商品管理');
  const table = useUrlTable(['kind', 'onSale', 'keyword'] as const, 20);
  const query = useQuery(productsQuery(table.query));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminProduct | 'new'>();
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      editing === 'new' || !editing
        ? ordersApi.createProduct(body as never)
        : ordersApi.updateProduct(editing.id, body as never),
    onSuccess: () => {
      notify(editing === 'new' ? '商品已创建' : '已保存', 'success');
      setEditing(undefined);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });

  const columns: TableProps<AdminProduct>['columns'] = [
    {
      title: '商品',
      key: 'name',
      render: (_, p) => (
        <div>
          <strong>{p.name}</strong>
          <div className="hj-admin-muted">
            <code>{p.id}</code> · {kindNames[p.kind] ?? p.kind}
          </div>
        </div>
      ),
    },
    {
      title: '价格',
      key: 'price',
      align: 'right',
      render: (_, p) => (
        <span>
          {yuan(p.priceFen)}
          {p.originalPriceFen ? (
            <span className="hj-admin-muted"> / 原价 {yuan(p.originalPriceFen)}</span>
          ) : null}
        </span>
      ),
    },
    {
      title: '权益',
      key: 'grants',
      responsive: ['md'],
      render: (_, p) =>
        [
          p.tickets ? grantsText(p.tickets) : '',
          p.vipDays ? `${p.vipTier?.toUpperCase()} ${p.vipDays} 天` : '',
        ]
          .filter(Boolean)
          .join('，') || '—',
    },
    {
      title: '库存 / 已售',
      key: 'stock',
      render: (_, p) =>
        `${p.stockTotal == null ? '不限' : `${p.stock ?? 0}/${p.stockTotal}`} · ${p.sold}`,
    },
    {
      title: '售卖时间',
      key: 'dates',
      responsive: ['lg'],
      render: (_, p) =>
        p.startsAt || p.endsAt
          ? `${p.startsAt ? formatDateTime(p.startsAt) : '—'} 至 ${p.endsAt ? formatDateTime(p.endsAt) : '—'}`
          : '一直可买',
    },
    {
      title: '状态',
      dataIndex: 'onSale',
      render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? '在售' : '下架'}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, p) => (
        <Button type="link" size="small" onClick={() => setEditing(p)}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>商品管理</h1>
          <p className="hj-admin-muted">
            次数包与会员套餐；修改只影响之后的订单，已下的订单按下单时的内容发放。
          </p>
        </div>
        <Space wrap>
          <FilterSelect
            table={table}
            name="kind"
            label="商品类型"
            width={110}
            all="全部类型"
            options={Object.entries(kindNames).map(([value, label]) => ({ value, label }))}
          />
          <FilterSelect
            table={table}
            name="onSale"
            label="上架状态"
            width={100}
            all="全部"
            options={[
              { value: 'true', label: '在售' },
              { value: 'false', label: '下架' },
            ]}
          />
          <FilterSearch
            table={table}
            name="keyword"
            label="搜索商品"
            placeholder="编号或名称"
            width={160}
          />
          <Button type="primary" onClick={() => setEditing('new')}>
            新建商品
          </Button>
        </Space>
      </div>
      <ConsoleError error={query.error} />
      <ConsoleTable<AdminProduct>
        rowKey="id"
        columns={columns}
        table={table}
        query={query}
        empty="没有符合条件的商品"
        total={(n) => `共 ${n} 个商品`}
      />
      <ProductFormModal
        open={Boolean(editing)}
        product={editing === 'new' ? undefined : editing}
        busy={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={(body) => save.mutateAsync(body).catch(() => undefined)}
      />
    </div>
  );
};
