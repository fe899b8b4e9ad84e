import { SafetyCertificateFilled } from '@ant-design/icons';
import { Button, Modal, Spin } from 'antd';
import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { authApi, messageOf } from '../api/auth.api';
import type { CaptchaChallenge, CaptchaWidgetProps } from '../captcha/altcha-widget';

/** What solves a challenge on screen: the altcha widget, or a stand-in in unit tests. */
export type CaptchaWidget = ComponentType<CaptchaWidgetProps>;

// Its own chunk: the widget (about 30 kB) loads only when the server asks for a captcha.
const AltchaWidget = lazy(() => import('../captcha/altcha-widget'));

const CaptchaRun = ({
  onSolved,
  onRetry,
  Widget,
}: {
  onSolved: (captchaToken: string) => void;
  onRetry: () => void;
  Widget: CaptchaWidget;
}) => {
  const [challenge, setChallenge] = useState<CaptchaChallenge>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let live = true;
    authApi.captchaChallenge().then(
      (c) => live && setChallenge(c),
      (error: unknown) => live && setFailure(messageOf(error, '安全验证未完成，请重试')),
    );
    return () => {
      live = false;
    };
  }, []);

  const verified = (payload: string) => {
    authApi.captchaSolve({ payload }).then(
      (solved) => onSolved(solved.captchaToken),
      (error: unknown) => setFailure(messageOf(error, '安全验证未完成，请重试')),
    );
  };

  return (
    <div className="hj-captcha">
      <span className="hj-captcha__icon" aria-hidden>
        <SafetyCertificateFilled />
      </span>
      <h3>{failure ? '安全验证未完成' : '正在进行安全验证'}</h3>
      <p role="status" aria-live="polite">
        {failure ?? '检测到当前网络获取验证码较频繁，正在自动完成人机验证，通常只需几秒，请稍候。'}
      </p>
      {failure ? (
        <Button type="primary" block size="large" onClick={onRetry}>
          重新验证
        </Button>
      ) : challenge ? (
        <Suspense fallback={<Spin />}>
          <Widget
            challenge={challenge}
            onVerified={verified}
            onFailed={() => setFailure('安全验证未通过，请重新验证')}
          />
        </Suspense>
      ) : (
        <Spin />
      )}
    </div>
  );
};

/**
 * Spec §2 "validate" modal: after unusual SMS volume the server asks for a captcha. The altcha
 * widget proves work in the browser (no puzzle to squint at); the server turns its answer into a
 * single-use token that goes back to the SMS form.
 */
export const CaptchaModal = ({
  open,
  onSolved,
  onCancel,
  widget = AltchaWidget,
}: {
  open: boolean;
  onSolved: (captchaToken: string) => void;
  onCancel: () => void;
  widget?: CaptchaWidget;
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
          Widget={widget}
          onSolved={onSolved}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : null}
    </Modal>
  );
};
