import { CameraOutlined, CrownFilled } from '@ant-design/icons';
import { userEditBodySchema, type UserInfo } from '@huijing/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Radio, Select, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useRecharge } from '../../../components/recharge.store';
import { useCurrentUser } from '../../../components/use-session';
import { formatDateTime } from '../../../lib/format';
import { IMAGE_COMPRESSED_NOTICE, prepareImage } from '../../../lib/image-file';
import { notify } from '../../../lib/notify';
import { sessionKeys, type CurrentUser } from '../../../lib/session';
import { authApi, messageOf, type UserEditBody } from '../api/auth.api';
import { professions, userTypeLabels } from '../model/profile-options';
import { BindPhoneForm } from './bind-phone-form';
import { InterestTags } from './interest-tags';
import { UserAvatar } from './user-avatar';

/** The avatar field's limit in the contracts (a data URL of at most 3,000,000 characters). */
const AVATAR_MAX_CHARS = 3_000_000;

const ProfileForm = ({ user, onSaved }: { user: CurrentUser; onSaved: (u: UserInfo) => void }) => {
  const [nickname, setNickname] = useState(user.nickname);
  const [userType, setUserType] = useState(user.userType);
  const [profession, setProfession] = useState(user.profession ?? undefined);
  const [interests, setInterests] = useState(user.interests);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async (patch: UserEditBody) => {
    const parsed = userEditBodySchema.safeParse(patch);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return false;
    }
    setError(undefined);
    try {
      onSaved(await authApi.editUser(patch));
      return true;
    } catch (e) {
      notify(messageOf(e), 'error');
      return false;
    }
  };

  const onAvatar = async (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(jpeg|png|webp)$/.test(file.type)) {
      notify('头像须为 JPEG、PNG 或 WebP 图片', 'warning');
      return;
    }
    setUploading(true);
    try {
      const { dataUrl, compressed } = await prepareImage(file, { maxChars: AVATAR_MAX_CHARS });
      if (compressed) notify(IMAGE_COMPRESSED_NOTICE, 'info');
      if (await save({ avatar: dataUrl })) notify('头像已更新', 'success');
    } catch (e) {
      notify(messageOf(e), 'error');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="hj-profile">
      <div className="hj-profile__head">
        <button
          type="button"
          className="hj-profile__avatar"
          aria-label="更换头像"
          onClick={() => fileInput.current?.click()}
        >
          <Spin spinning={uploading}>
            <UserAvatar user={user} size={72} />
          </Spin>
          <span className="hj-profile__camera">
            <CameraOutlined />
          </span>
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="avatar-input"
          onChange={(e) => {
            void onAvatar(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <div className="hj-profile__who">
          <strong>{user.nickname}</strong>
          <span>{user.phone ?? '未绑定手机号'}</span>
          {user.vip.isVip ? (
            <em className="hj-vip">
              <CrownFilled /> {user.vip.tierName}
              {user.vip.expiresAt ? ` · ${formatDateTime(user.vip.expiresAt)} 到期` : ''}
            </em>
          ) : (
            <button
              type="button"
              className="hj-vip-join"
              onClick={() => useRecharge.getState().openRecharge({ tab: 'vip' })}
            >
              <CrownFilled /> 开通会员
            </button>
          )}
        </div>
      </div>

      <div className="hj-profile__grid">
        <label htmlFor="hj-profile-nickname">昵称</label>
        <Input
          id="hj-profile-nickname"
          value={nickname}
          maxLength={20}
          showCount
          onChange={(e) => setNickname(e.target.value)}
        />
        <span className="hj-profile__label">用户类型</span>
        <Radio.Group
          value={userType}
          onChange={(e) => setUserType(e.target.value as UserInfo['userType'])}
          optionType="button"
          options={Object.entries(userTypeLabels).map(([value, label]) => ({ value, label }))}
        />
        <label htmlFor="hj-profile-profession">职业</label>
        <Select
          id="hj-profile-profession"
          value={profession}
          placeholder="请选择职业"
          allowClear
          style={{ width: '100%' }}
          onChange={(value?: string) => setProfession(value)}
          options={professions.map((p) => ({ value: p, label: p }))}
        />
        <span className="hj-profile__label">兴趣方向</span>
        <InterestTags value={interests} onChange={setInterests} />
        {user.phone === null ? (
          <>
            <span className="hj-profile__label">手机号</span>
            <BindPhoneForm onBound={onSaved} />
          </>
        ) : null}
      </div>
      {error ? (
        <div className="hj-auth-field__error" role="alert">
          {error}
        </div>
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        loading={saving}
        onClick={async () => {
          setSaving(true);
          const ok = await save({
            nickname,
            userType,
            ...(profession !== undefined && { profession }),
            interests,
          });
          setSaving(false);
          if (ok) notify('资料已保存', 'success');
        }}
      >
        保存资料
      </Button>
    </div>
  );
};

/** 个人资料: nickname, avatar, user type, profession, interests, phone binding. */
export const ProfileModal = () => {
  const open = useAccountDialogs((s) => s.profile);
  const close = useAccountDialogs((s) => s.closeProfile);
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  return (
    <Modal
      open={open && user !== undefined}
      onCancel={close}
      footer={null}
      width={560}
      centered
      destroyOnHidden
      title="个人资料"
    >
      {user ? (
        <ProfileForm
          user={user}
          onSaved={(updated) =>
            queryClient.setQueryData(sessionKeys.currentUser, (current) =>
              current ? { ...current, ...updated } : current,
            )
          }
        />
      ) : null}
    </Modal>
  );
};
