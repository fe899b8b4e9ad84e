import type { AdminOrderRow } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, type TableProps } from 'antd';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { ordersQuery } from '../api/orders.api';
import { useCan } from '../hooks/use-can';
import { useUrlTable } from '../hooks/use-url-table';
import { ConsoleError } from './console-error';
import { OrderDetailDrawer } from './order-detail-drawer';
import { buyerLabel, channelNames, orderStatus, yuan } from './order-labels';
import { asDay, FilterDayRange, FilterSearch, FilterSelect } from './console-filters';
import { ConsoleTable } from './console-table';

/** /admin/orders: every order with filters in the URL; ?order= opens its detail drawer. */
export const AdminOrdersPage = () => {
  usePageTitle('订单管理');
  const can = useCan();
  const table = useUrlTable(
    ['status', 'channel', 'user', 'orderNo', 'from', 'to', 'asked'] as const,
    20,
    'order',
  );
  const query = useQuery(ordersQuery(table.query));

  const columns: TableProps<AdminOrderRow>['columns'] = [
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: table.sortOrderOf('createdAt', 'descend'),
      width: 150,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '订单号',
      dataIndex: 'orderNo',
      render: (no: string) => (
        <Button type="link" size="small" onClick={() => table.setOpen(no)}>
          <code>{no}</code>
        </Button>
      ),
    },
    { title: '用户', key: 'user', render: (_, o) => buyerLabel(o) },
    { title: '商品', dataIndex: 'title', responsive: ['md'] },
    {
      title: '金额',
      dataIndex: 'amountFen',
      key: 'amountFen',
      sorter: true,
      sortOrder: table.sortOrderOf('amountFen'),
      align: 'right',
      render: (fen: number) => yuan(fen),
    },
    {
      title: '渠道',
      dataIndex: 'channel',
      responsive: ['sm'],
      render: (c: string) => channelNames[c] ?? c,
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: string, o) => (
        <Space size={4}>
          <Tag color={orderStatus[s]?.color}>{orderStatus[s]?.text ?? s}</Tag>
          {o.refundRequested ? <Tag color="warning">退款待批准</Tag> : null}
          {o.buyerRequest && o.status === 'paid' ? (
            <Tag color="magenta" title={o.buyerRequest.reason}>
              用户申请退款
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: '支付时间',
      dataIndex: 'paidAt',
      key: 'paidAt',
      sorter: true,
      sortOrder: table.sortOrderOf('paidAt'),
      responsive: ['lg'],
      render: (at: string | null) => (at ? formatDateTime(at) : '—'),
    },
  ];

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>订单管理</h1>
          <p className="hj-admin-muted">
            所有订单；点订单号查看详情（实时向支付平台查询）与退款。
            {can('orders.reconcile') ? <Link to="/admin/reconcile"> 去对账 →</Link> : null}
          </p>
        </div>
        <Space wrap>
          <FilterSelect
            table={table}
            name="status"
            label="订单状态"
            width={110}
            all="全部状态"
            options={Object.entries(orderStatus).map(([value, s]) => ({ value, label: s.text }))}
          />
          <FilterSelect
            table={table}
            name="channel"
            label="支付渠道"
            width={110}
            all="全部渠道"
            options={Object.entries(channelNames).map(([value, label]) => ({ value, label }))}
          />
          <FilterSelect
            table={table}
            name="asked"
            label="退款申请"
            width={130}
            all="全部订单"
            options={[{ value: '1', label: '用户申请退款' }]}
          />
          <FilterSearch
            table={table}
            name="user"
            label="用户"
            placeholder="用户 ID 或手机号"
            width={180}
          />
          <FilterSearch
            table={table}
            name="orderNo"
            label="订单号"
            placeholder="订单号"
            width={200}
          />
          <FilterDayRange table={table} label="下单日期" format={asDay} />
        </Space>
      </div>
      <ConsoleError error={query.error} />
      <ConsoleTable<AdminOrderRow>
        rowKey="orderNo"
        columns={columns}
        onRow={(o) => ({ onDoubleClick: () => table.setOpen(o.orderNo) })}
        table={table}
        query={query}
        empty="没有符合条件的订单"
        total={(n) => `共 ${n} 笔订单`}
      />
      <OrderDetailDrawer orderNo={table.open} onClose={() => table.setOpen(null)} />
    </div>
  );
};
