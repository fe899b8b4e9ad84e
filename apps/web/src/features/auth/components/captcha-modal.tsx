import { SafetyCertificateFilled } from '@ant-design/icons';
import { Button, Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { authApi, messageOf } from '../api/auth.api';
import { solveProofOfWork } from '../pow/solve-pow';

export type PowSolver = typeof solveProofOfWork;

const CaptchaRun = ({
  onSolved,
  onRetry,
  solver,
}: {
  onSolved: (captchaToken: string) => void;
  onRetry: () => void;
  solver: PowSolver;
}) => {
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const challenge = await authApi.captchaChallenge();
        const nonce = await solver(challenge.challenge, challenge.bits, {
          signal: controller.signal,
          onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        });
        const solved = await authApi.captchaSolve({ challenge: challenge.challenge, nonce });
        if (controller.signal.aborted) return;
        setProgress(100);
        onSolved(solved.captchaToken);
      } catch (error) {
        if (controller.signal.aborted) return;
        setFailure(messageOf(error, '安全验证未完成，请重试'));
      }
    })();
    return () => controller.abort();
    // One run per mount: a retry mounts a fresh run (the parent changes its key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="hj-captcha" role="status" aria-live="polite">
      <span className="hj-captcha__icon">
        <SafetyCertificateFilled />
      </span>
      <h3>{failure ? '安全验证未完成' : '正在进行安全验证'}</h3>
      <p>
        {failure ?? '检测到当前网络获取验证码较频繁，正在自动完成人机验证，通常只需几秒，请稍候。'}
      </p>
      {failure ? (
        <Button type="primary" block size="large" onClick={onRetry}>
          重新验证
        </Button>
      ) : (
        <Progress
          percent={progress}
          status="active"
          showInfo={false}
          strokeColor={{ from: '#4f46e5', to: '#06b6d4' }}
        />
      )}
    </div>
  );
};

/**
 * Spec §2 "validate" modal: after unusual SMS volume the server asks for a captcha. The browser
 * proves work (no puzzle to squint at), then hands the single-use token back to the SMS form.
 */
export const CaptchaModal = ({
  open,
  onSolved,
  onCancel,
  solver = solveProofOfWork,
}: {
  open: boolean;
  onSolved: (captchaToken: string) => void;
  onCancel: () => void;
  solver?: PowSolver;
}) => {
  const [attempt, setAttempt] = useState(0);
  return (
    <Modal
      open={open}
      onCancel={onCancel}
      footer={null}
      width={380}
      centered
      destroyOnHidden
      maskClosable={false}
      title={null}
      zIndex={1100}
    >
      {open ? (
        <CaptchaRun
          key={attempt}
          solver={solver}
          onSolved={onSolved}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : null}
    </Modal>
  );
};
