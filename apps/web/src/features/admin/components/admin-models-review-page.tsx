import type { ModelItem } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Image, Segmented, Space, Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { moderationApi, moderationKeys, modelReviewQuery } from '../api/moderation.api';
import { useCan } from '../hooks/use-can';
import { useUrlTable } from '../hooks/use-url-table';
import { ConsoleError } from './console-error';
import { ReviewDecisionModal } from './review-decision-modal';

type Review = 'pending' | 'approved' | 'rejected';
type Pending = { model: ModelItem; decision: 'approve' | 'reject' } | undefined;

const tabs: { value: Review; label: string }[] = [
  { value: 'pending', label: '待复审' },
  { value: 'approved', label: '已上架' },
  { value: 'rejected', label: '已下架' },
];
const isReview = (s: string | undefined): s is Review => tabs.some((t) => t.value === s);

/**
 * /admin/moderation/models: the model square's queue. Published models appear at once; a
 * reviewer takes one down with a note the author reads on the model's page, and a model the
 * author re-submits after a takedown waits here. Every decision commits with its audit row.
 */
export const AdminModelsReviewPage = () => {
  usePageTitle('模型广场审核');
  const can = useCan();
  const table = useUrlTable(['review'] as const, 20);
  const review: Review = isReview(table.filters.review) ? table.filters.review : 'pending';
  const query = useQuery(modelReviewQuery(review));
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>();
  const [note, setNote] = useState('');
  const close = () => {
    setPending(undefined);
    setNote('');
  };
  const act = useMutation({
    mutationFn: ({ model, decision }: NonNullable<Pending>) =>
      moderationApi.reviewModel(model.id, { decision, note: note.trim() || undefined }),
    onSuccess: (_, { decision }) => {
      notify(decision === 'approve' ? '已上架到模型广场' : '已下架，作者会看到说明', 'success');
      close();
      void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });

  const columns: TableProps<ModelItem>['columns'] = [
    {
      title: '封面',
      key: 'cover',
      width: 96,
      render: (_, m) =>
        m.coverUrl ? (
          <Image
            src={m.coverUrl}
            width={72}
            height={72}
            style={{ objectFit: 'cover', borderRadius: 6 }}
            alt={m.name}
          />
        ) : (
          <span className="hj-admin-muted">无封面</span>
        ),
    },
    {
      title: '模型',
      key: 'name',
      render: (_, m) => (
        <div className="hj-admin-review__title">
          <strong>{m.name}</strong>
          <span className="hj-admin-muted">
            {m.domainName} · 触发词 {m.triggerWord || '无'}
          </span>
        </div>
      ),
    },
    { title: '使用次数', dataIndex: 'useCount', responsive: ['sm'] },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 150,
      responsive: ['md'],
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '状态',
      dataIndex: 'review',
      render: (r: string) => (
        <Tag color={r === 'approved' ? 'green' : r === 'rejected' ? 'red' : 'gold'}>
          {tabs.find((t) => t.value === r)?.label ?? r}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, model) =>
        can('moderation.review') ? (
          <Space size={0}>
            {model.review !== 'approved' ? (
              <Button
                type="link"
                size="small"
                onClick={() => setPending({ model, decision: 'approve' })}
              >
                上架
              </Button>
            ) : null}
            {model.review !== 'rejected' ? (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setPending({ model, decision: 'reject' })}
              >
                下架
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  const rejecting = pending?.decision === 'reject';
  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>模型广场审核</h1>
          <p className="hj-admin-muted">
            下架时填写的说明会显示在作者的模型详情页；作者修改后重新发布的模型在「待复审」中。
          </p>
        </div>
        <Segmented
          aria-label="审核状态"
          value={review}
          onChange={(v) => table.setFilters({ review: v === 'pending' ? undefined : v })}
          options={tabs}
        />
      </div>
      <ConsoleError error={query.error} />
      <Table<ModelItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: review === 'pending' ? '没有待复审的模型' : '暂无模型' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      <ReviewDecisionModal
        open={Boolean(pending)}
        title={rejecting ? '下架模型' : '上架模型'}
        okText={rejecting ? '确认下架' : '确认上架'}
        takedown={rejecting}
        sentence={
          rejecting
            ? `将把模型「${pending?.model.name}」从模型广场下架，其他用户不能再使用它；作者仍可自用。`
            : `将让模型「${pending?.model.name}」出现在模型广场，所有用户可用。`
        }
        reasonLabel="审核说明"
        reason={note}
        onReason={setNote}
        busy={act.isPending}
        onCancel={close}
        onOk={() => pending && act.mutate(pending)}
      />
    </div>
  );
};
