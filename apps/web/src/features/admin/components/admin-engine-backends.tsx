import type { AdminEngines } from '@huijing/contracts';
import { Badge } from 'antd';

type Backend = NonNullable<AdminEngines['engines'][number]['backends']>[number];

const badge: Record<Backend['status'], { status: 'success' | 'error' | 'default'; text: string }> =
  {
    up: { status: 'success', text: '在线' },
    down: { status: 'error', text: '离线（稍后自动重试）' },
    unknown: { status: 'default', text: '未检查' },
  };

/** The servers of an engine with several (COMFYUI_URL list): each one's health and queue. */
export const EngineBackends = ({ backends }: { backends: Backend[] | undefined }) =>
  backends && backends.length > 1 ? (
    <ul aria-label="渲染后端" style={{ listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
      {backends.map((b) => (
        <li key={b.url}>
          <Badge status={badge[b.status].status} text={<code>{b.url}</code>} />{' '}
          <span className="hj-admin-muted">
            {badge[b.status].text}
            {b.queue ? ` · 运行 ${b.queue.running} · 排队 ${b.queue.pending}` : ''}
            {b.detail ? ` · ${b.detail}` : ''}
          </span>
        </li>
      ))}
    </ul>
  ) : null;
