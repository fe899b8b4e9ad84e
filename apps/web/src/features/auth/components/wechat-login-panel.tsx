import { CheckCircleFilled, ReloadOutlined, WechatFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { wxQrQuery, wxScanQuery } from '../api/auth.queries';
import { completeLogin } from '../model/complete-login';

/**
 * Spec §2 WeChat login: a QR bound to this browser, polled about every 1.5 s while on screen
 * (the panel unmounts when the modal closes or the tab switches to SMS, which stops polling).
 */
export const WechatLoginPanel = ({ returnTo }: { returnTo?: string }) => {
  const [round, setRound] = useState(0);
  const qr = useQuery(wxQrQuery(round));
  const sceneId = qr.data?.sceneId ?? '';
  const scan = useQuery(wxScanQuery(sceneId, sceneId !== ''));
  const status = scan.data?.status ?? 'waiting';
  const expired = status === 'expired' || scan.isError || qr.isError;
  const login = scan.data?.login;

  useEffect(() => {
    if (status === 'confirmed' && login) completeLogin(login, { returnTo });
  }, [status, login, returnTo]);

  const refresh = () => setRound((n) => n + 1);

  return (
    <div className="hj-wx">
      <div className="hj-wx__frame" data-status={expired ? 'expired' : status}>
        {qr.data ? (
          <img className="hj-wx__qr" src={qr.data.qrImage} alt="微信登录二维码" />
        ) : (
          <div className="hj-wx__placeholder">{qr.isPending ? <Spin /> : null}</div>
        )}
        {status === 'scanned' || status === 'confirmed' ? (
          <div className="hj-wx__overlay hj-wx__overlay--ok">
            <CheckCircleFilled />
            <strong>{status === 'confirmed' ? '登录成功，正在进入…' : '已扫码'}</strong>
            {status === 'scanned' ? <span>已扫码，请在手机上确认</span> : null}
          </div>
        ) : null}
        {expired ? (
          <button
            type="button"
            className="hj-wx__overlay hj-wx__overlay--expired"
            onClick={refresh}
          >
            <ReloadOutlined />
            <strong>{qr.isError ? '二维码加载失败，点击刷新' : '二维码已过期，点击刷新'}</strong>
          </button>
        ) : null}
      </div>
      <p className="hj-wx__tip">
        <WechatFilled /> 请使用 <b>微信</b> 扫一扫登录
      </p>
      <p className="hj-wx__sub">
        {status === 'scanned' ? '已扫码，请在手机上确认' : '首次扫码将自动创建绘境账号'}
      </p>
      {qr.data?.provider === 'simulator' && qr.data.simulatorUrl ? (
        <a
          className="hj-wx__dev"
          href={qr.data.simulatorUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          开发者模拟扫码
        </a>
      ) : null}
    </div>
  );
};
