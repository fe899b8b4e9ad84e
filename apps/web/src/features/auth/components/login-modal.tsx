import { CheckOutlined, MessageOutlined, WechatFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useAccountDialogs, type LoginView } from '../../../components/account-dialogs.store';
import { BrandMark } from '../../../components/brand-logo';
import type { CaptchaWidget } from './captcha-modal';
import { SmsLoginForm } from './sms-login-form';
import { TestLoginButton } from './test-login-button';
import { WechatLoginPanel } from './wechat-login-panel';

const perks = ['室内、建筑、景观全场景 AI 渲染', '新用户注册即送体验次数', '作品与次数多端同步'];

const views: { key: LoginView; label: string; icon: ReactNode }[] = [
  { key: 'sms', label: '验证码登录', icon: <MessageOutlined /> },
  { key: 'wechat', label: '微信扫码登录', icon: <WechatFilled /> },
];

/** Spec §2 login modal: phone + SMS code, or WeChat QR, in one dialog. */
export const LoginModal = ({ captchaWidget }: { captchaWidget?: CaptchaWidget }) => {
  const { open, view, returnTo } = useAccountDialogs((s) => s.login);
  const closeLogin = useAccountDialogs((s) => s.closeLogin);
  const setView = useAccountDialogs((s) => s.setLoginView);

  return (
    <Modal
      open={open}
      onCancel={closeLogin}
      footer={null}
      width={820}
      centered
      destroyOnHidden
      className="hj-login-modal"
      title={null}
      aria-label="登录绘境"
    >
      <div className="hj-login">
        <aside className="hj-login__aside" aria-hidden>
          <div className="hj-login__brand">
            <BrandMark size={40} />
            <span>
              绘境<small>AI 渲染平台</small>
            </span>
          </div>
          <h2>
            让每一张草图
            <br />
            都有照片级的答案
          </h2>
          <ul>
            {perks.map((perk) => (
              <li key={perk}>
                <CheckOutlined /> {perk}
              </li>
            ))}
          </ul>
          <div className="hj-login__art">
            <span />
            <span />
            <span />
          </div>
        </aside>
        <section className="hj-login__main">
          <h3 className="hj-login__title">欢迎来到绘境</h3>
          <div className="hj-login__tabs" role="tablist" aria-label="登录方式">
            {views.map((item) => (
              <button
                key={item.key}
                type="button"
                role="tab"
                aria-selected={view === item.key}
                className={`hj-login__tab${view === item.key ? ' is-active' : ''}`}
                onClick={() => setView(item.key)}
              >
                {item.icon} {item.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" className="hj-login__panel">
            {view === 'sms' ? (
              <SmsLoginForm returnTo={returnTo} captchaWidget={captchaWidget} />
            ) : (
              <WechatLoginPanel returnTo={returnTo} />
            )}
          </div>
          <TestLoginButton returnTo={returnTo} />
        </section>
      </div>
    </Modal>
  );
};
