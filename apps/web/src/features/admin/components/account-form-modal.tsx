import {
  adminAccountCreateSchema,
  adminAccountUpdateSchema,
  type AdminAccount,
} from '@huijing/contracts';
import { Button, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import type { AdminAccountCreate, AdminAccountUpdate } from '../api/admin.api';

const roleOptions = [
  { value: 'operator', label: '运营（用户、次数调整、审核、任务）' },
  { value: 'finance', label: '财务（订单、退款、对账）' },
  { value: 'super', label: '超级管理员（全部权限，含管理员账号）' },
];

type Errors = Partial<Record<string, string>>;

const issuesByField = (issues: { path: PropertyKey[]; message: string }[]): Errors => {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
};

const help = (errors: Errors, field: string) =>
  errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};

/** New admin: username, display name, password (≥ 12) and role, checked with the contracts. */
export const CreateAccountModal = ({
  open,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: AdminAccountCreate) => void;
}) => {
  const [draft, setDraft] = useState({
    username: '',
    displayName: '',
    password: '',
    role: 'operator',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof typeof draft) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  return (
    <Modal
      open={open}
      title="新建管理员"
      okText="创建"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      afterClose={() => {
        setDraft({ username: '', displayName: '', password: '', role: 'operator' });
        setErrors({});
      }}
      onOk={() => {
        const parsed = adminAccountCreateSchema.safeParse(draft);
        if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
        setErrors({});
        onSubmit(parsed.data);
      }}
    >
      <Form layout="vertical" requiredMark={false} className="hj-admin-form">
        <Form.Item label="用户名" {...help(errors, 'username')}>
          <Input
            aria-label="用户名"
            placeholder="字母开头，3–32 位"
            autoComplete="off"
            value={draft.username}
            onChange={(e) => set('username')(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="显示名称" {...help(errors, 'displayName')}>
          <Input
            aria-label="显示名称"
            placeholder="如：运营-小王"
            value={draft.displayName}
            onChange={(e) => set('displayName')(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="初始密码" {...help(errors, 'password')}>
          <Input.Password
            aria-label="初始密码"
            placeholder="至少 12 位"
            autoComplete="new-password"
            value={draft.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="角色">
          <Select
            aria-label="角色"
            value={draft.role}
            onChange={set('role')}
            options={roleOptions}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Edit: display name, role, disabled switch and an optional new password. */
export const EditAccountModal = ({
  account,
  busy,
  onCancel,
  onSubmit,
}: {
  account: AdminAccount | undefined;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (accountId: string, body: AdminAccountUpdate) => void;
}) => (
  <Modal
    open={account !== undefined}
    title={account ? `编辑管理员 · ${account.username}` : '编辑管理员'}
    footer={null}
    destroyOnHidden
    onCancel={onCancel}
  >
    {account ? (
      <EditForm account={account} busy={busy} onCancel={onCancel} onSubmit={onSubmit} />
    ) : null}
  </Modal>
);

const EditForm = ({
  account,
  busy,
  onCancel,
  onSubmit,
}: {
  account: AdminAccount;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (accountId: string, body: AdminAccountUpdate) => void;
}) => {
  const [displayName, setDisplayName] = useState(account.displayName);
  const [role, setRole] = useState(account.role);
  const [disabled, setDisabled] = useState(account.disabled);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const body: AdminAccountUpdate = {
      ...(displayName !== account.displayName && { displayName }),
      ...(role !== account.role && { role }),
      ...(disabled !== account.disabled && { disabled }),
      ...(password !== '' && { password }),
    };
    const parsed = adminAccountUpdateSchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    onSubmit(account.accountId, parsed.data);
  };

  return (
    <Form layout="vertical" requiredMark={false} className="hj-admin-form" onFinish={submit}>
      <Form.Item label="显示名称" {...help(errors, 'displayName')}>
        <Input
          aria-label="显示名称"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
      </Form.Item>
      <Form.Item label="角色">
        <Select
          aria-label="角色"
          value={role}
          onChange={(value) => setRole(value)}
          options={roleOptions}
        />
      </Form.Item>
      <Form.Item label="停用账号" extra="停用后该管理员会被立即登出，且无法再登录">
        <Switch aria-label="停用账号" checked={disabled} onChange={setDisabled} />
      </Form.Item>
      <Form.Item
        label="重置密码"
        {...help(errors, 'password')}
        extra="留空则不修改；修改后该管理员需重新登录"
      >
        <Input.Password
          aria-label="新密码"
          placeholder="至少 12 位"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Form.Item>
      <div className="hj-admin-form__actions">
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </div>
    </Form>
  );
};
