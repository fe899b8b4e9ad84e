import {
  AppleFilled,
  CloudSyncOutlined,
  DownloadOutlined,
  FolderOpenOutlined,
  ThunderboltOutlined,
  WindowsFilled,
} from '@ant-design/icons';
import type { ClientRelease } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../client.css';
import { clientDownloadsQuery } from '../api/client.api';

type Platform = ClientRelease['platform'];
const platforms: Platform[] = ['windows', 'macos'];

const detectPlatform = (): Platform | undefined => {
  if (typeof navigator === 'undefined') return undefined;
  const ua = navigator.userAgent;
  if (/Windows/i.test(ua)) return 'windows';
  if (/Macintosh|Mac OS X/i.test(ua) && !/iPhone|iPad/i.test(ua)) return 'macos';
  return undefined;
};

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : `${Math.max(0.1, bytes / 1024 ** 2).toFixed(1)} MB`;

const PlatformIcon = ({ platform }: { platform: Platform }) =>
  platform === 'windows' ? <WindowsFilled /> : <AppleFilled />;

const ReleaseCard = ({
  platform,
  release,
  recommended,
}: {
  platform: Platform;
  release: ClientRelease | undefined;
  recommended: boolean;
}) => {
  const { t } = useTranslation();
  const name = t(`works.client.platform.${platform}`);
  const notes =
    release?.notes
      ?.split('\n')
      .map((l) => l.trim())
      .filter(Boolean) ?? [];
  return (
    <article
      className={`hj-client__card${release ? '' : ' is-missing'}${recommended ? ' is-recommended' : ''}`}
      aria-label={name}
    >
      <header>
        <span className="hj-client__os">
          <PlatformIcon platform={platform} />
        </span>
        <div>
          <h2>
            {name}
            {recommended && release ? (
              <Tag color="geekblue">{t('works.client.recommended')}</Tag>
            ) : null}
          </h2>
          <p>
            {release
              ? (release.requirements ?? t(`works.client.requirements.${platform}`))
              : t('works.client.notYet')}
          </p>
        </div>
      </header>
      {release ? (
        <>
          <dl className="hj-client__facts">
            <div>
              <dt>{t('works.client.version')}</dt>
              <dd>v{release.version}</dd>
            </div>
            {release.releasedAt ? (
              <div>
                <dt>{t('works.client.date')}</dt>
                <dd>{release.releasedAt}</dd>
              </div>
            ) : null}
            {release.sizeBytes !== undefined ? (
              <div>
                <dt>{t('works.client.size')}</dt>
                <dd>{formatSize(release.sizeBytes)}</dd>
              </div>
            ) : null}
          </dl>
          {notes.length > 0 ? (
            <div className="hj-client__notes">
              <h3>{t('works.client.notes')}</h3>
              <ul>
                {notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <Button
            type="primary"
            size="large"
            block
            icon={<DownloadOutlined />}
            href={release.url}
            download
          >
            {t('works.client.download', { platform: name, version: release.version })}
          </Button>
        </>
      ) : (
        <Button size="large" block disabled>
          {t('works.client.comingSoon')}
        </Button>
      )}
    </article>
  );
};

/** /client: the desktop client's builds as published in admin settings. */
export const ClientPage = () => {
  const { t } = useTranslation();
  const query = useQuery(clientDownloadsQuery());
  const releases = query.data?.releases ?? [];
  const mine = detectPlatform();
  const features = [
    { icon: <ThunderboltOutlined />, key: 'batch' },
    { icon: <FolderOpenOutlined />, key: 'local' },
    { icon: <CloudSyncOutlined />, key: 'sync' },
  ] as const;

  return (
    <div className="hj-client">
      <section className="hj-client__hero">
        <span className="hj-client__eyebrow">{t('works.client.eyebrow')}</span>
        <h1>{t('works.client.title')}</h1>
        <p>{t('works.client.subtitle')}</p>
        <ul className="hj-client__features">
          {features.map((f) => (
            <li key={f.key}>
              {f.icon}
              <div>
                <strong>{t(`works.client.features.${f.key}.title`)}</strong>
                <span>{t(`works.client.features.${f.key}.body`)}</span>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="hj-client__downloads" aria-live="polite">
        {query.isPending ? (
          <div className="hj-client__cards">
            {platforms.map((p) => (
              <div key={p} className="hj-client__card">
                <Skeleton active paragraph={{ rows: 4 }} />
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <Alert
            type="error"
            showIcon
            message={t('works.client.error')}
            action={<Button onClick={() => void query.refetch()}>{t('works.retry')}</Button>}
          />
        ) : (
          <>
            {releases.length === 0 ? (
              <Alert
                className="hj-client__none"
                type="info"
                showIcon
                message={t('works.client.noneTitle')}
                description={
                  <>
                    {t('works.client.noneBody')} <Link to="/list">{t('works.client.useWeb')}</Link>
                  </>
                }
              />
            ) : null}
            <div className="hj-client__cards">
              {platforms.map((p) => (
                <ReleaseCard
                  key={p}
                  platform={p}
                  release={releases.find((r) => r.platform === p)}
                  recommended={p === mine}
                />
              ))}
            </div>
          </>
        )}
      </section>
    </div>
  );
};
