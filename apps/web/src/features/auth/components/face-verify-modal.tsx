import {
  CheckCircleFilled,
  CloseCircleFilled,
  ClockCircleFilled,
  ScanOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Modal, QRCode, Spin } from 'antd';
import { useEffect } from 'react';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { authApi, messageOf } from '../api/auth.api';
import { faceResultQuery } from '../api/auth.queries';

const absolute = (url: string) => new URL(url, window.location.origin).toString();

const FaceVerifyBody = ({ onDone }: { onDone: (passed: boolean) => void }) => {
  const start = useMutation({ mutationFn: authApi.faceStart });
  const verifyId = start.data?.verifyId ?? '';
  const result = useQuery(faceResultQuery(verifyId, verifyId !== ''));
  const status = result.data?.status ?? 'pending';
  const { mutate } = start;

  useEffect(() => mutate(), [mutate]);

  if (start.isError) {
    return (
      <div className="hj-face__state">
        <CloseCircleFilled className="hj-face__icon hj-face__icon--bad" />
        <h3>无法发起实名认证</h3>
        <p>{messageOf(start.error)}</p>
        <Button type="primary" size="large" block onClick={() => mutate()}>
          重试
        </Button>
      </div>
    );
  }
  if (!start.data) {
    return (
      <div className="hj-face__state">
        <Spin />
        <p>正在生成认证二维码…</p>
      </div>
    );
  }
  if (status === 'passed') {
    return (
      <div className="hj-face__state">
        <CheckCircleFilled className="hj-face__icon hj-face__icon--ok" />
        <h3>实名认证已通过</h3>
        <p>感谢配合，你现在可以使用需要实名的全部功能。</p>
        <Button type="primary" size="large" block onClick={() => onDone(true)}>
          完成
        </Button>
      </div>
    );
  }
  if (status === 'failed' || status === 'expired') {
    return (
      <div className="hj-face__state">
        {status === 'failed' ? (
          <CloseCircleFilled className="hj-face__icon hj-face__icon--bad" />
        ) : (
          <ClockCircleFilled className="hj-face__icon hj-face__icon--warn" />
        )}
        <h3>{status === 'failed' ? '人脸核验未通过' : '认证二维码已过期'}</h3>
        <p>
          {status === 'failed'
            ? '请在光线充足处正对屏幕，确认是本人操作后重新认证。'
            : '请重新生成二维码，并在有效期内完成认证。'}
        </p>
        <Button type="primary" size="large" block onClick={() => mutate()}>
          重新认证
        </Button>
      </div>
    );
  }
  const url = absolute(start.data.url);
  return (
    <div className="hj-face__scan">
      <QRCode value={url} size={188} bordered={false} />
      <p className="hj-face__tip">
        <ScanOutlined /> 请使用手机扫码，按提示完成人脸核验
      </p>
      <p className="hj-face__sub">认证完成后此处将自动更新</p>
      <a className="hj-face__link" href={url} target="_blank" rel="noopener noreferrer">
        在本设备上打开认证页面
      </a>
    </div>
  );
};

/**
 * Spec §2 face verification modal. Opened through useAccountDialogs().requestFaceVerification(),
 * which resolves true once the check passed (e.g. before a VIP purchase).
 */
export const FaceVerifyModal = () => {
  const open = useAccountDialogs((s) => s.face !== null);
  const finish = useAccountDialogs((s) => s.finishFaceVerification);
  return (
    <Modal
      open={open}
      onCancel={() => finish(false)}
      footer={null}
      width={420}
      centered
      destroyOnHidden
      title="实名认证"
    >
      <div className="hj-face">
        <p className="hj-face__lead">
          根据相关规定，部分功能需完成实名认证。认证信息仅用于身份核验。
        </p>
        <FaceVerifyBody onDone={finish} />
      </div>
    </Modal>
  );
};
