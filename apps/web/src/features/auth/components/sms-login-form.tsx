import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { landingSourceSchema, phoneNoSchema, verifyCodeSchema } from '@huijing/contracts';
import { Button, Checkbox, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { SMS_COUNTDOWN_SECONDS } from '../../../lib/constants';
import { isMobileUserAgent } from '../../../lib/device';
import { notify } from '../../../lib/notify';
import { storage, storageKeys } from '../../../lib/storage-keys';
import { ApiFailure, authApi, messageOf } from '../api/auth.api';
import { useCountdown } from '../hooks/use-countdown';
import { completeLogin } from '../model/complete-login';
import { CaptchaModal, type CaptchaWidget } from './captcha-modal';

const CAPTCHA_REQUIRED = 42800;

/** Spec §3 source and inviteCode as stored at landing; anything malformed is left out. */
const landingExtras = () => {
  const source = landingSourceSchema.safeParse(storage.get(storageKeys.source));
  const invite = storage.get(storageKeys.inviteCode);
  return {
    ...(source.success && Object.keys(source.data).length > 0 && { source: source.data }),
    ...(invite !== undefined && invite !== '' && { inviteCode: String(invite).slice(0, 32) }),
  };
};

export const codeButtonLabel = (remaining: number) =>
  remaining > 0 ? `重新获取(${remaining}s)` : '获取验证码';

/**
 * The code-sending half is shared with phone binding: phone validation, captcha on demand,
 * "发送成功" and the 60 s countdown (spec §4, §8, §9).
 */
export const useSmsSender = (purpose: 'login' | 'bindPhone', captchaWidget?: CaptchaWidget) => {
  const countdown = useCountdown(SMS_COUNTDOWN_SECONDS);
  const [sending, setSending] = useState(false);
  const [captchaFor, setCaptchaFor] = useState<string>();

  const send = async (phoneNo: string, captchaToken?: string) => {
    setSending(true);
    try {
      await authApi.sendSms({ phoneNo, purpose, captchaToken });
      notify('发送成功', 'success');
      countdown.start();
    } catch (error) {
      if (error instanceof ApiFailure && error.code === CAPTCHA_REQUIRED && !captchaToken) {
        setCaptchaFor(phoneNo);
      } else {
        notify(messageOf(error), 'error');
      }
    } finally {
      setSending(false);
    }
  };

  const captcha = (
    <CaptchaModal
      open={captchaFor !== undefined}
      widget={captchaWidget}
      onCancel={() => setCaptchaFor(undefined)}
      onSolved={(token) => {
        const phone = captchaFor;
        setCaptchaFor(undefined);
        if (phone) void send(phone, token);
      }}
    />
  );

  return { countdown, sending, send, captcha };
};

export const SmsLoginForm = ({
  returnTo,
  captchaWidget,
}: {
  returnTo?: string;
  captchaWidget?: CaptchaWidget;
}) => {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(true);
  const [errors, setErrors] = useState<{ phone?: string; code?: string; agreement?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const sender = useSmsSender('login', captchaWidget);

  const checkPhone = () => {
    const parsed = phoneNoSchema.safeParse(phone);
    if (!parsed.success) {
      setErrors((e) => ({ ...e, phone: parsed.error.issues[0]?.message }));
      return undefined;
    }
    setErrors((e) => ({ ...e, phone: undefined }));
    return parsed.data;
  };

  const onSend = () => {
    const phoneNo = checkPhone();
    if (phoneNo) void sender.send(phoneNo);
  };

  const onLogin = async () => {
    const phoneNo = checkPhone();
    const parsedCode = verifyCodeSchema.safeParse(code);
    setErrors((e) => ({
      ...e,
      code: parsedCode.success ? undefined : parsedCode.error.issues[0]?.message,
      agreement: agreed ? undefined : '请先阅读并同意《用户协议》后再登录',
    }));
    if (!phoneNo || !parsedCode.success) return;
    if (!agreed) {
      notify('请先阅读并同意《用户协议》后再登录', 'warning');
      return;
    }
    setSubmitting(true);
    try {
      const result = await authApi.smsLogin({
        phoneNo,
        verifyCode: parsedCode.data,
        type: isMobileUserAgent(navigator.userAgent) ? 2 : 1,
        agreement: true,
        ...landingExtras(),
      });
      completeLogin(result, { phone: phoneNo, returnTo });
    } catch (error) {
      notify(messageOf(error, '登录失败，请稍后再试'), 'error');
      setSubmitting(false);
    }
  };

  return (
    <form
      className="hj-auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onLogin();
      }}
    >
      <div className="hj-auth-field">
        <Input
          size="large"
          inputMode="tel"
          autoComplete="tel"
          aria-label="手机号"
          placeholder="请输入手机号"
          prefix={
            <span className="hj-auth-field__prefix">
              <MobileOutlined /> +86
            </span>
          }
          maxLength={16}
          value={phone}
          status={errors.phone ? 'error' : undefined}
          onChange={(e) => setPhone(e.target.value)}
        />
        <div className="hj-auth-field__error" role="alert">
          {errors.phone}
        </div>
      </div>
      <div className="hj-auth-field">
        <div className="hj-auth-code">
          <Input
            size="large"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label="验证码"
            placeholder="6 位验证码"
            prefix={<SafetyOutlined className="hj-auth-field__icon" />}
            maxLength={6}
            value={code}
            status={errors.code ? 'error' : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <Button
            size="large"
            className="hj-auth-code__send"
            disabled={sender.countdown.running}
            loading={sender.sending}
            onClick={onSend}
          >
            {codeButtonLabel(sender.countdown.remaining)}
          </Button>
        </div>
        <div className="hj-auth-field__error" role="alert">
          {errors.code}
        </div>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submitting}
        className="hj-auth-submit"
      >
        登录 / 注册
      </Button>
      <div className="hj-auth-agree">
        <Checkbox
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setErrors((s) => ({ ...s, agreement: undefined }));
          }}
        >
          我已阅读并同意
        </Checkbox>
        <Link to="/agreement" target="_blank" rel="noopener">
          《用户协议》
        </Link>
      </div>
      {errors.agreement ? (
        <div className="hj-auth-field__error hj-auth-agree__error" role="alert">
          {errors.agreement}
        </div>
      ) : null}
      <p className="hj-auth-hint">未注册的手机号验证后将自动创建绘境账号</p>
      {sender.captcha}
    </form>
  );
};
