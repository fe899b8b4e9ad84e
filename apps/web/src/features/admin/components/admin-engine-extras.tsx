import type { AdminEngines, AdminEngineTest } from '@huijing/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { consoleApi } from '../api/console.api';
import { ReasonField } from './reason-field';

type Engine = AdminEngines['engines'][number];

/** A hosted provider's slots held now by every worker, of its account limit. */
export const EngineSlots = ({ engine }: { engine: Engine }) =>
  engine.concurrency ? (
    <span>
      并发{' '}
      <strong
        className={engine.concurrency.inUse >= engine.concurrency.limit ? 'hj-admin-neg' : ''}
      >
        {engine.concurrency.inUse}/{engine.concurrency.limit}
      </strong>
    </span>
  ) : null;

/** The newest failed tasks of the last day, as their owners were told. */
export const EngineRecentErrors = ({ engine }: { engine: Engine }) =>
  engine.recentErrors.length > 0 ? (
    <details className="hj-admin-engine-errors">
      <summary>最近错误（{engine.recentErrors.length}）</summary>
      <ul>
        {engine.recentErrors.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <span className="hj-admin-muted">{formatDateTime(e.at)}</span> <code>{e.toolId}</code>{' '}
            {e.message ?? '（无提示）'}
          </li>
        ))}
      </ul>
    </details>
  ) : null;

/** 测试: one small real job through the engine (audited), then its picture or the error. */
export const EngineTestButton = ({ engine, allowed }: { engine: Engine; allowed: boolean }) => {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<AdminEngineTest>();
  const run = useMutation({
    mutationFn: () => consoleApi.testEngine(engine.id, { reason: reason.trim() }),
    onSuccess: setResult,
  });
  if (engine.status === 'unconfigured') return null;
  return (
    <>
      <Button
        size="small"
        autoInsertSpace={false}
        disabled={!allowed}
        onClick={() => setOpen(true)}
      >
        测试
      </Button>
      <Modal
        open={open}
        title={`测试 ${engine.name}`}
        okText={result ? '再测一次' : '开始测试'}
        cancelText="关闭"
        okButtonProps={{ disabled: reason.trim().length < 2 }}
        confirmLoading={run.isPending}
        onOk={() => run.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>将用这个引擎真实生成一张小图（会产生费用），不保存到任何用户。</p>
        <ReasonField value={reason} onChange={setReason} style={{ marginBottom: 12 }} />
        {run.error ? <Alert type="error" showIcon message={run.error.message} /> : null}
        {result && !run.isPending ? <EngineTestResult result={result} /> : null}
      </Modal>
    </>
  );
};

const EngineTestResult = ({ result }: { result: AdminEngineTest }) =>
  result.ok ? (
    <div aria-label="测试结果">
      <Alert
        type="success"
        showIcon
        message={`测试成功，用时 ${(result.ms / 1000).toFixed(1)} 秒${
          result.width ? `，${result.width}×${result.height}` : ''
        }`}
      />
      {result.thumbnail ? (
        <img
          src={result.thumbnail}
          alt="测试生成的图片"
          style={{ display: 'block', maxWidth: 256, marginTop: 12, borderRadius: 4 }}
        />
      ) : null}
    </div>
  ) : (
    <Alert aria-label="测试结果" type="error" showIcon message={result.error ?? '测试未通过'} />
  );
