import {
  feedbackPageSchema,
  supportInfoSchema,
  type FeedbackItem,
  type SupportInfo,
} from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { adminHeaders } from '../../../lib/admin-session';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { api } from '../../../lib/request';
import { helpKeys } from '../api/help.api';
import '../help.css';

const categoryNames: Record<FeedbackItem['category'], string> = {
  bug: '功能异常',
  result: '出图效果',
  billing: '充值与次数',
  account: '账号与登录',
  suggestion: '功能建议',
  other: '其他',
};

const feedbackKey = (status: string, page: number) => ['admin', 'feedback', status, page] as const;

/** 客服与反馈: messages from the contact modal, answered here; the contact details users see. */
export const AdminFeedbackPage = () => {
  usePageTitle('客服与反馈');
  const [params, setParams] = useSearchParams();
  const status =
    params.get('status') === 'answered'
      ? 'answered'
      : params.get('status') === 'all'
        ? 'all'
        : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState<FeedbackItem | undefined>();
  const [answer, setAnswer] = useState('');

  const list = useQuery({
    queryKey: feedbackKey(status, page),
    queryFn: async () => {
      const r = await api.get('/user/manage/page/feedback', {
        query: { page, pageSize: 10, ...(status !== 'all' && { status }) },
        schema: feedbackPageSchema,
        headers: adminHeaders(),
      });
      if (!r.success) throw new Error(r.message);
      return r.data;
    },
  });
  const reply = useMutation({
    mutationFn: async () => {
      const r = await api.post(`/user/manage/feedback/${answering!.id}/answer`, {
        body: { answer },
        headers: adminHeaders(),
      });
      if (!r.success) throw new Error(r.message);
    },
    onSuccess: () => {
      notify('已回复，用户会在“我的反馈”里看到', 'success');
      setAnswering(undefined);
      setAnswer('');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] });
    },
    onError: (e: Error) => notify(e.message, 'error'),
  });

  return (
    <div className="hj-admin-page">
      <div className="hj-admin-page__head">
        <h1>客服与反馈</h1>
        <Segmented
          value={status}
          onChange={(v) => setParams({ status: String(v) })}
          options={[
            { value: 'open', label: '待回复' },
            { value: 'answered', label: '已回复' },
            { value: 'all', label: '全部' },
          ]}
        />
      </div>
      <Table<FeedbackItem>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: (p) => setParams({ status, page: String(p) }),
        }}
        locale={{ emptyText: status === 'open' ? '没有待回复的反馈' : '暂无反馈' }}
        columns={[
          {
            title: '时间',
            dataIndex: 'createdAt',
            width: 160,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: '用户',
            key: 'user',
            width: 150,
            render: (_, r) =>
              r.user ? (
                <span>
                  {r.user.nickname}
                  <br />
                  <small>{r.user.phone ?? r.user.id.slice(0, 8)}</small>
                </span>
              ) : (
                <Tag>访客</Tag>
              ),
          },
          {
            title: '类型',
            dataIndex: 'category',
            width: 110,
            render: (c: FeedbackItem['category']) => <Tag>{categoryNames[c]}</Tag>,
          },
          {
            title: '内容',
            key: 'text',
            render: (_, r) => (
              <div>
                <p className="hj-help__admin-text">{r.text}</p>
                <small>
                  {r.page ? `页面 ${r.page}` : ''}
                  {r.contact ? ` · 联系方式 ${r.contact}` : ''}
                </small>
                {r.screenshotUrl ? (
                  <div>
                    <a href={r.screenshotUrl} target="_blank" rel="noopener">
                      查看截图
                    </a>
                  </div>
                ) : null}
                {r.answer ? <p className="hj-help__answer">回复：{r.answer}</p> : null}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            render: (_, r) => (
              <Button
                size="small"
                type={r.status === 'open' ? 'primary' : 'default'}
                onClick={() => {
                  setAnswering(r);
                  setAnswer(r.answer ?? '');
                }}
              >
                {r.status === 'open' ? '回复' : '修改回复'}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={Boolean(answering)}
        title="回复用户"
        okText="发送回复"
        onCancel={() => setAnswering(undefined)}
        onOk={() => reply.mutate()}
        okButtonProps={{ disabled: answer.trim() === '', loading: reply.isPending }}
        destroyOnHidden
      >
        <p className="hj-help__admin-text">{answering?.text}</p>
        <Input.TextArea
          rows={4}
          maxLength={2000}
          showCount
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          aria-label="回复内容"
        />
      </Modal>
      <SupportSettingsCard />
    </div>
  );
};

/** The contact details and extension release an operator publishes. */
const SupportSettingsCard = () => {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SupportInfo>();
  const info = useQuery({
    queryKey: helpKeys.info,
    queryFn: async () => {
      const r = await api.get('/support/info', { schema: supportInfoSchema });
      if (!r.success) throw new Error(r.message);
      return r.data;
    },
  });
  const save = useMutation({
    mutationFn: async (values: SupportInfo) => {
      const r = await api.post('/user/manage/support/info', {
        body: values,
        headers: adminHeaders(),
      });
      if (!r.success) throw new Error(r.message);
    },
    onSuccess: () => {
      notify('已保存，用户打开联系客服时即可看到', 'success');
      void queryClient.invalidateQueries({ queryKey: helpKeys.info });
    },
  });
  if (!info.data) return null;
  return (
    <Card title="客服信息与浏览器插件" className="hj-help__settings">
      <Form
        form={form}
        layout="vertical"
        initialValues={info.data}
        onFinish={(v) => save.mutate(v)}
      >
        <div className="hj-help__settings-grid">
          <Form.Item name={['contact', 'wechatQrUrl']} label="客服微信二维码地址">
            <Input placeholder="https://… 或 /brand/kefu.png" />
          </Form.Item>
          <Form.Item name={['contact', 'wechatId']} label="客服微信号">
            <Input />
          </Form.Item>
          <Form.Item name={['contact', 'phone']} label="客服电话">
            <Input />
          </Form.Item>
          <Form.Item name={['contact', 'email']} label="客服邮箱">
            <Input />
          </Form.Item>
          <Form.Item name={['contact', 'hours']} label="服务时间">
            <Input placeholder="工作日 9:30–18:30" />
          </Form.Item>
          <Form.Item name={['extension', 'url']} label="插件下载地址（留空显示“即将推出”）">
            <Input placeholder="https://…" />
          </Form.Item>
          <Form.Item name={['extension', 'version']} label="插件版本">
            <Input />
          </Form.Item>
          <Form.Item name={['extension', 'store']} label="商店名称">
            <Input placeholder="Chrome 应用商店" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
};
