import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-logo';

/** Login arrives with accounts; until then the login buttons explain instead of failing. */
export const LoginNotice = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={400} centered destroyOnHidden>
      <div className="hj-login-notice">
        <BrandMark size={56} />
        <h3>{t('login.title')}</h3>
        <p>{t('login.body')}</p>
        <Button type="primary" size="large" block onClick={onClose}>
          {t('actions.gotIt')}
        </Button>
      </div>
    </Modal>
  );
};
