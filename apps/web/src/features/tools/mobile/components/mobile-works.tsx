import { PictureOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccountDialogs } from '../../../../components/account-dialogs.store';
import { useLocalized } from '../../../../components/use-localized';
import { usePageTitle } from '../../../../components/use-page-title';
import { useCurrentUser } from '../../../../components/use-session';
import { formatDateTime } from '../../../../lib/format';
import { recentTasksQuery } from '../api/mobile-tasks.api';
import { doneHref, toolById } from '../model/mobile-flow';
import { MobileTopBar } from './mobile-top-bar';

/** /mobileDone without a task: the designer's latest runs across every tool. */
export const MobileWorks = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { pathname } = useLocation();
  const { signedIn, loading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const works = useQuery(recentTasksQuery(signedIn));
  usePageTitle(t('mobile.done.works'));

  let body: React.ReactNode;
  if (loading || (signedIn && works.isPending)) {
    body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  } else if (!signedIn) {
    body = (
      <div className="hj-mf-empty">
        <PictureOutlined className="hj-mf-empty__icon" aria-hidden />
        <h2>{t('mobile.done.worksLogin')}</h2>
        <p>{t('mobile.done.worksLoginHint')}</p>
        <Button type="primary" size="large" onClick={() => openLogin({ returnTo: pathname })}>
          {t('mobile.done.loginButton')}
        </Button>
      </div>
    );
  } else if (works.isError) {
    body = (
      <div className="hj-mf-empty">
        <h2>{t('mobile.done.worksFailed')}</h2>
        <Button size="large" onClick={() => void works.refetch()}>
          {t('mobile.done.reload')}
        </Button>
      </div>
    );
  } else if (!works.data?.list.length) {
    body = (
      <div className="hj-mf-empty">
        <PictureOutlined className="hj-mf-empty__icon" aria-hidden />
        <h2>{t('mobile.done.worksEmpty')}</h2>
        <Link className="hj-mf-btn hj-mf-btn--primary" to="/mobileList">
          {t('mobile.prepare.toList')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="hj-mf-rows">
        {works.data.list.map((task) => {
          const tool = toolById(task.toolId);
          const cover = task.outputs[0];
          return (
            <li key={task.taskId}>
              <Link className="hj-mf-row" to={doneHref(task.toolId, task.taskId)}>
                <span className="hj-mf-work__cover">
                  {cover?.kind === 'image' ? (
                    <img src={cover.thumbUrl ?? cover.url} alt="" />
                  ) : (
                    <PictureOutlined aria-hidden />
                  )}
                </span>
                <span className="hj-mf-row__text">
                  <strong>{tool ? pick(tool.name) : task.toolId}</strong>
                  <small>{formatDateTime(task.createdAt)}</small>
                </span>
                <span className="hj-mf-row__side">
                  <span className={`hj-mf-tag is-${task.status}`}>
                    {t(`tools.history.${task.status}`)}
                  </span>
                  <RightOutlined className="hj-mf-row__go" aria-hidden />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="hj-mf hj-mf--tabs">
      <MobileTopBar title={t('mobile.done.works')} back="/mobileHome" />
      <main className="hj-mf__main">{body}</main>
    </div>
  );
};
