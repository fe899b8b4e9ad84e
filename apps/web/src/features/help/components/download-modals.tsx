import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHelpDialogs } from '../../../components/help-dialogs.store';
import { analyticsChoice, setAnalyticsChoice } from '../../../lib/consent';
import { clientDownloadsQuery, supportInfoQuery } from '../api/help.api';

/** The visitor's platform, for the client download's main button. */
export const visitorPlatform = (ua: string): 'macos' | 'windows' =>
  /Macintosh|Mac OS X/i.test(ua) ? 'macos' : 'windows';

/** 客户端下载: the desktop client's release for this platform (the data of /client). */
export const ClientDownloadModal = () => {
  const { t } = useTranslation();
  const { open, close } = useHelpDialogs();
  const downloads = useQuery({ ...clientDownloadsQuery(), enabled: open === 'client' });
  const platform = visitorPlatform(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const releases = downloads.data?.releases ?? [];
  const mine = releases.find((r) => r.platform === platform);
  const others = releases.filter((r) => r !== mine);
  return (
    <Modal
      open={open === 'client'}
      onCancel={close}
      footer={null}
      title={t('help.client.title')}
      destroyOnHidden
    >
      <p className="hj-help__lead">{t('help.client.lead')}</p>
      {downloads.isPending ? null : releases.length === 0 ? (
        <Empty description={t('help.client.none')} />
      ) : (
        <div className="hj-help__releases">
          {mine ? (
            <div className="hj-help__release is-main">
              <strong>{t(`help.client.platform.${mine.platform}`)}</strong>
              <span>
                {t('help.client.version', { v: mine.version })}
                {mine.requirements ? ` · ${mine.requirements}` : ''}
              </span>
              <Button type="primary" href={mine.url} target="_blank" rel="noopener">
                {t('help.client.download', {
                  platform: t(`help.client.platform.${mine.platform}`),
                })}
              </Button>
            </div>
          ) : (
            <p>{t('help.client.notForYou', { platform: t(`help.client.platform.${platform}`) })}</p>
          )}
          {others.map((r) => (
            <div key={r.platform} className="hj-help__release">
              <span>
                {t(`help.client.platform.${r.platform}`)} ·{' '}
                {t('help.client.version', { v: r.version })}
              </span>
              <a href={r.url} target="_blank" rel="noopener">
                {t('help.client.other')}
              </a>
            </div>
          ))}
        </div>
      )}
      <Link to="/client" onClick={close} className="hj-help__more">
        {t('help.client.more')}
      </Link>
    </Modal>
  );
};

/** 浏览器插件: what the extension does, how to install it, the operator's download link. */
export const ExtensionModal = () => {
  const { t } = useTranslation();
  const { open, close } = useHelpDialogs();
  const info = useQuery({ ...supportInfoQuery(), enabled: open === 'extension' });
  const release = info.data?.extension;
  const steps = t('help.extension.steps', { returnObjects: true }) as string[];
  return (
    <Modal
      open={open === 'extension'}
      onCancel={close}
      footer={null}
      title={t('help.extension.title')}
      destroyOnHidden
    >
      <p className="hj-help__lead">{t('help.extension.lead')}</p>
      <ol className="hj-help__steps">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {release?.url ? (
        <Button type="primary" block href={release.url} target="_blank" rel="noopener">
          {t('help.extension.download', {
            store: release.store || t('help.extension.browser'),
            v: release.version,
          })}
        </Button>
      ) : (
        <Button block disabled>
          {t('help.extension.soon')}
        </Button>
      )}
    </Modal>
  );
};

/** 隐私设置: analytics on or off (the consent cookie; off sends no page views at all). */
export const PrivacyModal = () => {
  const { t } = useTranslation();
  const { open, close } = useHelpDialogs();
  const [granted, setGranted] = useState(() => analyticsChoice() === 'granted');
  return (
    <Modal
      open={open === 'privacy'}
      onCancel={close}
      onOk={() => {
        setAnalyticsChoice(granted ? 'granted' : 'denied');
        close();
      }}
      okText={t('help.privacy.save')}
      title={t('help.privacy.title')}
      destroyOnHidden
    >
      <p>{t('help.privacy.necessary')}</p>
      <label className="hj-help__toggle">
        <Switch checked={granted} onChange={setGranted} aria-label={t('help.privacy.analytics')} />
        <span>
          <strong>{t('help.privacy.analytics')}</strong>
          <small>{t('help.privacy.analyticsHelp')}</small>
        </span>
      </label>
    </Modal>
  );
};
