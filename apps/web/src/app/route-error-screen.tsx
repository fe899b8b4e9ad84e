import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { classifyChunkError } from '../lib/chunk-load';

/**
 * The root layout's errorElement. A screen chunk that fails to load (new deploy, flaky network)
 * gets a friendly reload prompt; script and style failures are told apart (spec §8).
 */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  const kind = classifyChunkError(error);
  if (!kind) console.error(error);
  const [title, body] =
    kind === 'script'
      ? [t('error.scriptTitle'), t('error.scriptBody')]
      : kind === 'style'
        ? [t('error.styleTitle'), t('error.styleBody')]
        : [t('error.genericTitle'), t('error.genericBody')];

  return (
    <div className="hj-crash" data-error-kind={kind ?? 'other'}>
      <Result
        status={kind ? 'warning' : 'error'}
        title={title}
        subTitle={body}
        extra={[
          <Button
            key="reload"
            type="primary"
            size="large"
            icon={<ReloadOutlined />}
            onClick={() => window.location.reload()}
          >
            {t('actions.reload')}
          </Button>,
          <Button key="home" size="large" onClick={() => window.location.assign('/')}>
            {t('actions.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
};
