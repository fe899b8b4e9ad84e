import { Input } from 'antd';
import type { CSSProperties } from 'react';

/** The reason every admin action asks for (required, at least two characters; goes to the audit log). */
export const ReasonField = ({
  value,
  onChange,
  style,
}: {
  value: string;
  onChange: (value: string) => void;
  style?: CSSProperties;
}) => (
  <Input.TextArea
    aria-label="操作原因"
    rows={2}
    maxLength={200}
    value={value}
    placeholder="原因（必填，写入审计日志）"
    onChange={(e) => onChange(e.target.value)}
    style={style}
  />
);
