import '../../../locales/areas/assistant';
import {
  featureSwitches,
  ticketTypeNames,
  type AdminSettingKey,
  type AdminSettings,
} from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Input, InputNumber, Modal, Row, Skeleton, Space, Switch } from 'antd';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { notify } from '../../../lib/notify';
import { catalogTools } from '../../../lib/tool-catalog';
import { consoleApi, consoleKeys, settingsQuery } from '../api/console.api';
import { useCan } from '../hooks/use-can';
import { ReasonField } from './reason-field';
import { ConsoleError } from './console-error';

const labels: Record<AdminSettingKey, string> = {
  signupTickets: '注册赠送次数',
  operatorTicketLimit: '运营单次调整上限',
  toolPrices: '工具价格',
  assistantPrices: 'AI 助手价格',
  features: '功能开关',
};

/** /admin/settings: business settings stored in the database; each save is audit-logged. */
/** The switches services read, shown before anyone sets them (docs/admin-console.md). */
const featureDefaults: Record<string, boolean> = {
  assistant: true,
  'assistant.imageEdit': true,
  refundSecondApprover: false,
};

export const AdminSettingsPage = () => {
  usePageTitle('业务设置');
  const can = useCan();
  const editable = can('settings.write');
  const queryClient = useQueryClient();
  const query = useQuery(settingsQuery());
  // Unsaved edits over the stored values; a save replaces the stored values and drops its edit.
  const [edits, setEdits] = useState<Partial<AdminSettings>>({});
  const draft = query.data ? { ...query.data, ...edits } : undefined;
  const [saving, setSaving] = useState<AdminSettingKey>();
  const [reason, setReason] = useState('');
  const [newFeature, setNewFeature] = useState('');
  const save = useMutation({
    mutationFn: (key: AdminSettingKey) => consoleApi.saveSetting(key, draft?.[key], reason.trim()),
    onSuccess: (data, key) => {
      queryClient.setQueryData(consoleKeys.settings, data);
      setEdits(({ [key]: _saved, ...rest }) => rest);
      notify(`${labels[key]}已保存，立即生效`, 'success');
      setSaving(undefined);
      setReason('');
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
  const set = <K extends AdminSettingKey>(key: K, value: AdminSettings[K]) =>
    setEdits((e) => ({ ...e, [key]: value }));
  const saveButton = (key: AdminSettingKey) =>
    editable ? (
      <Button type="primary" size="small" onClick={() => setSaving(key)}>
        保存
      </Button>
    ) : null;

  if (!draft) {
    return (
      <div className="hj-admin-card">
        <ConsoleError error={query.error} />
        <Skeleton active />
      </div>
    );
  }
  return (
    <div className="hj-admin-dash">
      <div className="hj-admin-card hj-admin-card__head">
        <div>
          <h1>业务设置</h1>
          <p className="hj-admin-muted">
            保存后立即生效，无需重启；每次修改都会写入审计日志。{editable ? '' : '（当前角色只读）'}
          </p>
        </div>
      </div>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={labels.signupTickets} extra={saveButton('signupTickets')}>
            <Space wrap>
              {([1, 2, 3, 4] as const).map((t) => (
                <label key={t} className="hj-admin-field">
                  <span>{ticketTypeNames[t]['zh-CN']}</span>
                  <InputNumber
                    aria-label={`注册赠送${ticketTypeNames[t]['zh-CN']}`}
                    min={0}
                    precision={0}
                    disabled={!editable}
                    value={draft.signupTickets[t]}
                    onChange={(v) => set('signupTickets', { ...draft.signupTickets, [t]: v ?? 0 })}
                  />
                </label>
              ))}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={labels.operatorTicketLimit}
            extra={saveButton('operatorTicketLimit')}
          >
            <label className="hj-admin-field">
              <span>运营每次最多增减（超级管理员不受限）</span>
              <InputNumber
                aria-label="运营单次调整上限"
                min={0}
                max={100000}
                precision={0}
                disabled={!editable}
                value={draft.operatorTicketLimit}
                onChange={(v) => set('operatorTicketLimit', v ?? 0)}
              />
            </label>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={labels.features} extra={saveButton('features')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {Object.entries({ ...featureDefaults, ...draft.features }).map(([name, on]) => (
                <label key={name} className="hj-admin-field hj-admin-field--row">
                  <span>
                    <code>{name}</code>{' '}
                    {name in featureSwitches
                      ? featureSwitches[name as keyof typeof featureSwitches]
                      : null}
                  </span>
                  <Switch
                    aria-label={`功能 ${name}`}
                    checked={on}
                    disabled={!editable}
                    onChange={(v) => set('features', { ...draft.features, [name]: v })}
                  />
                </label>
              ))}
              {editable ? (
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    aria-label="新功能开关名"
                    placeholder="新开关名，如 gallery.publish"
                    value={newFeature}
                    onChange={(e) => setNewFeature(e.target.value)}
                  />
                  <Button
                    disabled={!/^[a-zA-Z][\w.-]{1,63}$/.test(newFeature)}
                    onClick={() => {
                      set('features', { ...draft.features, [newFeature]: true });
                      setNewFeature('');
                    }}
                  >
                    添加
                  </Button>
                </Space.Compact>
              ) : null}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={labels.toolPrices} extra={saveButton('toolPrices')}>
            <p className="hj-admin-muted">留空表示使用默认价格（每次运行扣除的次数）。</p>
            <div className="hj-admin-prices">
              {catalogTools.map((t) => (
                <label key={t.id} className="hj-admin-field hj-admin-field--row">
                  <span>{t.name['zh-CN']}</span>
                  <InputNumber
                    aria-label={`${t.name['zh-CN']} 价格`}
                    min={0}
                    max={1000}
                    precision={0}
                    placeholder="默认"
                    disabled={!editable}
                    value={draft.toolPrices[t.id] ?? null}
                    onChange={(v) => {
                      const next = { ...draft.toolPrices };
                      if (v === null) delete next[t.id];
                      else next[t.id] = v;
                      set('toolPrices', next);
                    }}
                  />
                </label>
              ))}
            </div>
          </Card>
        </Col>
      </Row>
      <Modal
        open={Boolean(saving)}
        title={saving ? `保存${labels[saving]}` : ''}
        okText="确认保存"
        cancelText="取消"
        okButtonProps={{ disabled: reason.trim().length < 2 }}
        confirmLoading={save.isPending}
        onCancel={() => setSaving(undefined)}
        onOk={() => saving && save.mutate(saving)}
        destroyOnHidden
      >
        <p>将把“{saving ? labels[saving] : ''}”改为当前填写的值，保存后立即对所有用户生效。</p>
        <ReasonField value={reason} onChange={setReason} />
      </Modal>
    </div>
  );
};
