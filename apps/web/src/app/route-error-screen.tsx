import { ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { classifyChunkError } from '../lib/chunk-load';

/**
 * The root layout's errorElement. A screen chunk that fails to load (new deploy, flaky network)
 * gets a friendly reload prompt; script and style failures are told apart (spec §8). Plain
 * markup in the entry chunk: when chunks fail to arrive, this screen must not need one.
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
      <div className={`hj-result hj-result--${kind ? 'warning' : 'error'}`} role="alert">
        <WarningFilled className="hj-result__icon" />
        <h1 className="hj-result__title">{title}</h1>
        <p className="hj-result__body">{body}</p>
        <div className="hj-result__actions">
          <button
            type="button"
            className="hj-btn hj-btn--primary hj-btn--large"
            onClick={() => window.location.reload()}
          >
            <ReloadOutlined />
            <span>{t('actions.reload')}</span>
          </button>
          <button
            type="button"
            className="hj-btn hj-btn--large"
            onClick={() => window.location.assign('/')}
          >
            {t('actions.backHome')}
          </button>
        </div>
      </div>
    </div>
  );
};
