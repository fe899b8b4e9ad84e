import { CopyOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import type { ToolDefinition } from '@huijing/tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { shareHref } from '../results/send-to';
import { doneKeys, shareTask, unshareTask } from './done.api';

const copyText = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * "复制分享链接": creates the task's share token on first use (the owner's explicit choice),
 * copies the link, shows it for manual copying, and lets the owner close it again.
 */
export const SharePanel = ({
  taskId,
  tool,
  token,
}: {
  taskId: string;
  tool: ToolDefinition;
  token: string | null;
}) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const link = token ? shareHref(window.location.origin, tool, token) : '';
  const refresh = () => client.invalidateQueries({ queryKey: doneKeys.detail(taskId) });

  const share = useMutation({
    mutationFn: () => shareTask(taskId),
    onSuccess: async ({ token: created }) => {
      await refresh();
      setOpen(true);
      const copied = await copyText(shareHref(window.location.origin, tool, created));
      notify(t(copied ? 'results.share.copied' : 'results.share.copyManually'), 'success');
    },
  });
  const unshare = useMutation({
    mutationFn: () => unshareTask(taskId),
    onSuccess: async () => {
      await refresh();
      setOpen(false);
      notify(t('results.share.closed'), 'success');
    },
  });

  const content = (
    <div className="hj-share">
      <p className="hj-share__note">{t('results.share.note')}</p>
      <div className="hj-share__row">
        <Input
          readOnly
          value={link}
          aria-label={t('results.share.link')}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          icon={<CopyOutlined />}
          onClick={async () => {
            const copied = await copyText(link);
            notify(t(copied ? 'results.share.copied' : 'results.share.copyManually'), 'success');
          }}
        >
          {t('results.share.copy')}
        </Button>
      </div>
      <Popconfirm
        title={t('results.share.closeConfirm')}
        okText={t('results.share.close')}
        cancelText={t('results.share.keep')}
        onConfirm={() => unshare.mutate()}
      >
        <Button type="link" danger size="small" icon={<StopOutlined />} loading={unshare.isPending}>
          {t('results.share.close')}
        </Button>
      </Popconfirm>
    </div>
  );

  return (
    <Popover
      open={open && token !== null}
      onOpenChange={(next) => setOpen(next && token !== null)}
      trigger="click"
      placement="topRight"
      content={content}
      title={t('results.share.title')}
    >
      <Button
        icon={<LinkOutlined />}
        loading={share.isPending}
        onClick={async () => {
          // The popover opens itself (click trigger); a first click creates the link.
          if (!token) return share.mutate();
          if (await copyText(link)) notify(t('results.share.copied'), 'success');
        }}
      >
        {t('results.share.button')}
      </Button>
    </Popover>
  );
};
