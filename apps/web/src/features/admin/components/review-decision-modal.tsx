import { Input, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A moderation decision confirmed in words: what will happen, the reason (required for a
 * takedown: the author reads it, and it goes to the audit log) and, optionally, what the author
 * will see.
 */
export const ReviewDecisionModal = (props: {
  open: boolean;
  title: string;
  okText: string;
  takedown: boolean;
  sentence: string;
  reasonLabel: string;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  onCancel: () => void;
  onOk: () => void;
  footnote?: ReactNode;
}) => (
  <Modal
    open={props.open}
    title={props.title}
    okText={props.okText}
    cancelText="返回"
    okButtonProps={{
      disabled: props.takedown && props.reason.trim().length < 2,
      danger: props.takedown,
    }}
    confirmLoading={props.busy}
    onCancel={props.onCancel}
    onOk={props.onOk}
    destroyOnHidden
  >
    <p>{props.sentence}</p>
    <Input.TextArea
      aria-label={props.reasonLabel}
      rows={2}
      maxLength={200}
      value={props.reason}
      placeholder={
        props.takedown
          ? `${props.reasonLabel.slice(2)}（必填，作者可见，并写入审计日志）`
          : '备注（选填，写入审计日志）'
      }
      onChange={(e) => props.onReason(e.target.value)}
    />
    {props.footnote ? (
      <p className="hj-admin-muted" style={{ marginTop: 8 }}>
        {props.footnote}
      </p>
    ) : null}
  </Modal>
);
