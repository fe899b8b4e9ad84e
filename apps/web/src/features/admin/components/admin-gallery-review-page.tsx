import {
  galleryStatusMessages,
  type GalleryStatus,
  type galleryReviewItemSchema,
} from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Image, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { galleryReviewQuery, moderationApi, moderationKeys } from '../api/moderation.api';
import { useCan } from '../hooks/use-can';
import { useUrlTable } from '../hooks/use-url-table';
import { ConsoleError } from './console-error';
import { ReviewDecisionModal } from './review-decision-modal';

type ReviewItem = z.infer<typeof galleryReviewItemSchema>;
type Pending = { item: ReviewItem; action: 'approve' | 'hide' } | undefined;

const tabs: { value: GalleryStatus; label: string }[] = [
  { value: 'pending_review', label: '待审核' },
  { value: 'hidden', label: '已隐藏' },
  { value: 'published', label: '已发布' },
];
const isStatus = (s: string | undefined): s is GalleryStatus => tabs.some((t) => t.value === s);

/** Why a picture is in the queue: reports, the automatic check's scores, or a check that failed. */
const Source = ({ item }: { item: ReviewItem }) => {
  const risky = item.nsfw
    ? Object.entries(item.nsfw)
        .filter(([k]) => k === 'Porn' || k === 'Hentai' || k === 'Sexy')
        .sort((a, b) => b[1] - a[1])[0]
    : undefined;
  return (
    <Space direction="vertical" size={2}>
      {item.reportCount > 0 ? (
        <Tooltip title={item.reasons.join('；') || undefined}>
          <Tag color="orange">举报 {item.reportCount} 次</Tag>
        </Tooltip>
      ) : null}
      {risky ? (
        <Tag color={risky[1] > 0.5 ? 'red' : 'default'}>
          自动检测 {risky[0]} {Math.round(risky[1] * 100)}%
        </Tag>
      ) : (
        <Tag>自动检测未完成</Tag>
      )}
    </Space>
  );
};

/**
 * /admin/moderation/gallery: the 灵感广场 review queue (reported pictures and those the automatic
 * check flagged or could not check), hidden and published ones; approve or hide with a reason the
 * author reads on their own pages. Every decision is in the audit log (server side).
 */
export const AdminGalleryReviewPage = () => {
  usePageTitle('灵感广场审核');
  const can = useCan();
  const table = useUrlTable(['status'] as const, 20);
  const status: GalleryStatus = isStatus(table.filters.status)
    ? table.filters.status
    : 'pending_review';
  const query = useQuery(
    galleryReviewQuery({ status, current: table.current, pageSize: table.pageSize }),
  );
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>();
  const [reason, setReason] = useState('');
  const close = () => {
    setPending(undefined);
    setReason('');
  };
  const act = useMutation({
    mutationFn: ({ item, action }: NonNullable<Pending>) =>
      moderationApi.reviewImage(item.id, { action, reason: reason.trim() || undefined }),
    onSuccess: (_, { action }) => {
      notify(
        action === 'approve' ? '已通过，图片出现在灵感广场' : '已隐藏，作者会看到原因',
        'success',
      );
      close();
      void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });

  const columns: TableProps<ReviewItem>['columns'] = [
    {
      title: '图片',
      key: 'picture',
      width: 96,
      render: (_, item) => (
        <Image
          src={item.thumbUrl}
          preview={{ src: item.url }}
          width={80}
          height={Math.round((80 * item.height) / Math.max(1, item.width))}
          style={{ objectFit: 'cover', maxHeight: 120, borderRadius: 6 }}
          alt={item.title}
        />
      ),
    },
    {
      title: '标题与作者',
      key: 'title',
      render: (_, item) => (
        <div className="hj-admin-review__title">
          <strong>{item.title}</strong>
          <span className="hj-admin-muted">
            {item.author.nickname} · {item.tool}
          </span>
          {item.tags.length > 0 ? (
            <span>
              {item.tags.slice(0, 4).map((t) => (
                <Tag key={t}>{t}</Tag>
              ))}
            </span>
          ) : null}
        </div>
      ),
    },
    { title: '来源', key: 'source', render: (_, item) => <Source item={item} /> },
    {
      title: '作者看到的提示',
      dataIndex: 'statusMessage',
      responsive: ['md'],
      render: (m?: string) => <span className="hj-admin-muted">{m}</span>,
    },
    {
      title: '发布时间',
      dataIndex: 'createdAt',
      width: 150,
      responsive: ['sm'],
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, item) =>
        can('moderation.review') ? (
          <Space size={0}>
            {status !== 'published' ? (
              <Button
                type="link"
                size="small"
                onClick={() => setPending({ item, action: 'approve' })}
              >
                通过
              </Button>
            ) : null}
            {status !== 'hidden' ? (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setPending({ item, action: 'hide' })}
              >
                隐藏
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  const hiding = pending?.action === 'hide';
  const authorSees = hiding
    ? `${galleryStatusMessages.hidden}${reason.trim() ? `（${reason.trim()}）` : ''}`
    : galleryStatusMessages.published;

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>灵感广场审核</h1>
          <p className="hj-admin-muted">
            被多人举报或自动检测标记的图片在此等待审核；隐藏时填写的原因会显示在作者的「我的发布」中。
          </p>
        </div>
        <Segmented
          aria-label="审核状态"
          value={status}
          onChange={(v) => table.setFilters({ status: v === 'pending_review' ? undefined : v })}
          options={tabs}
        />
      </div>
      <ConsoleError error={query.error} />
      <Table<ReviewItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: status === 'pending_review' ? '没有待审核的图片' : '暂无图片' }}
        onChange={(p) => table.setPage(p.current ?? 1, p.pageSize ?? 20)}
        pagination={{
          current: table.current,
          pageSize: table.pageSize,
          total: query.data?.total ?? 0,
          showTotal: (total) => `共 ${total} 张`,
        }}
      />
      <ReviewDecisionModal
        open={Boolean(pending)}
        title={hiding ? '隐藏图片' : '通过审核'}
        okText={hiding ? '确认隐藏' : '确认通过'}
        takedown={hiding}
        sentence={
          hiding
            ? `将把「${pending?.item.title}」（作者 ${pending?.item.author.nickname}）从灵感广场隐藏，图片文件不再公开。`
            : `将让「${pending?.item.title}」（作者 ${pending?.item.author.nickname}）出现在灵感广场，所有人可见。`
        }
        reasonLabel="审核原因"
        reason={reason}
        onReason={setReason}
        busy={act.isPending}
        onCancel={close}
        onOk={() => pending && act.mutate(pending)}
        footnote={`作者将看到：${authorSees}`}
      />
    </div>
  );
};
