import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Select } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { sessionKeys } from '../../../lib/session';
import { authApi, messageOf } from '../api/auth.api';
import { professions } from '../model/profile-options';
import { InterestTags } from './interest-tags';

/**
 * Spec §2 "interest login" modal: asked once after the first login (needsInterests). Skipping
 * records an empty answer, so the question is not repeated on every visit or device.
 */
export const InterestModal = () => {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const [profession, setProfession] = useState<string>();
  const [interests, setInterests] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const open = Boolean(user?.needsInterests) && !dismissed;

  const save = async (answer: { profession?: string; interests: string[] }, thanks: boolean) => {
    setSaving(true);
    try {
      const updated = await authApi.editUser(answer);
      queryClient.setQueryData(sessionKeys.currentUser, (current) =>
        current ? { ...current, ...updated } : current,
      );
      if (thanks) notify('已为你定制推荐内容', 'success');
      setDismissed(true);
    } catch (error) {
      notify(messageOf(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={() => {
        setDismissed(true);
        void save({ interests: [] }, false);
      }}
      footer={null}
      width={520}
      centered
      maskClosable={false}
      title={null}
    >
      <div className="hj-interest">
        <p className="hj-interest__eyebrow">欢迎加入绘境</p>
        <h3>告诉我们你的设计方向</h3>
        <p className="hj-interest__lead">
          我们会据此为你推荐合适的工具与灵感，随时可在个人资料中修改。
        </p>
        <label className="hj-interest__label" htmlFor="hj-interest-profession">
          你的职业
        </label>
        <Select
          id="hj-interest-profession"
          size="large"
          placeholder="请选择职业"
          value={profession}
          onChange={setProfession}
          options={professions.map((p) => ({ value: p, label: p }))}
          style={{ width: '100%' }}
        />
        <span className="hj-interest__label">感兴趣的方向（可多选）</span>
        <InterestTags value={interests} onChange={setInterests} />
        <div className="hj-interest__actions">
          <Button
            size="large"
            type="text"
            disabled={saving}
            onClick={() => {
              setDismissed(true);
              void save({ interests: [] }, false);
            }}
          >
            跳过
          </Button>
          <Button
            size="large"
            type="primary"
            loading={saving}
            disabled={!profession && interests.length === 0}
            onClick={() => void save({ profession, interests }, true)}
          >
            开始创作
          </Button>
        </div>
      </div>
    </Modal>
  );
};
