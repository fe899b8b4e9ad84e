import { phoneNoSchema, verifyCodeSchema, type UserInfo } from '@huijing/contracts';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { authApi, messageOf } from '../api/auth.api';
import { codeButtonLabel, useSmsSender } from './sms-login-form';

/** WeChat-created accounts add a phone by SMS (code sent with purpose bindPhone). */
export const BindPhoneForm = ({ onBound }: { onBound: (user: UserInfo) => void }) => {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [binding, setBinding] = useState(false);
  const sender = useSmsSender('bindPhone');

  const parsePhone = () => {
    const parsed = phoneNoSchema.safeParse(phone);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : undefined;
  };

  const bind = async () => {
    const phoneNo = parsePhone();
    if (!phoneNo) return;
    const parsedCode = verifyCodeSchema.safeParse(code);
    if (!parsedCode.success) {
      setError(parsedCode.error.issues[0]?.message);
      return;
    }
    setBinding(true);
    try {
      const user = await authApi.bindPhone({ phoneNo, verifyCode: parsedCode.data });
      notify('手机号绑定成功', 'success');
      onBound(user);
    } catch (e) {
      notify(messageOf(e), 'error');
    } finally {
      setBinding(false);
    }
  };

  return (
    <div className="hj-bind">
      <Input
        aria-label="绑定手机号"
        placeholder="请输入手机号"
        inputMode="tel"
        prefix={<span className="hj-auth-field__prefix">+86</span>}
        value={phone}
        maxLength={16}
        onChange={(e) => setPhone(e.target.value)}
      />
      <div className="hj-auth-code">
        <Input
          aria-label="绑定验证码"
          placeholder="6 位验证码"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <Button
          disabled={sender.countdown.running}
          loading={sender.sending}
          onClick={() => {
            const phoneNo = parsePhone();
            if (phoneNo) void sender.send(phoneNo);
          }}
        >
          {codeButtonLabel(sender.countdown.remaining)}
        </Button>
      </div>
      {error ? (
        <div className="hj-auth-field__error" role="alert">
          {error}
        </div>
      ) : null}
      <Button type="primary" ghost block loading={binding} onClick={() => void bind()}>
        绑定手机号
      </Button>
      {sender.captcha}
    </div>
  );
};
