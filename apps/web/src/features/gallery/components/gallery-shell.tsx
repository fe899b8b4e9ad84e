import { LoginOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { PageShell } from '../../../components/page-shell';
import { usePageTitle } from '../../../components/use-page-title';
import '../gallery.css';

/** A community page: title, a line under it, tools on the right, then the content. */
export const Shell = ({
  title,
  sub,
  children,
  tools,
}: {
  title: string;
  sub?: ReactNode;
  children: ReactNode;
  tools?: ReactNode;
}) => {
  usePageTitle(title);
  return (
    <PageShell className="hj-gallery">
      <div className="hj-gallery__head">
        <div>
          <h1>{title}</h1>
          {sub ? <p className="hj-muted">{sub}</p> : null}
        </div>
        {tools}
      </div>
      {children}
    </PageShell>
  );
};

/** Filters kept in the address: ?kw=&sort=&c= (so a search can be shared and survives back). */
export const useFilterParams = (defaults: { sort: 'new' | 'hot' }) => {
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  return {
    keyword: params.get('kw') ?? undefined,
    sort: (params.get('sort') === 'new' || params.get('sort') === 'hot'
      ? params.get('sort')
      : defaults.sort) as 'new' | 'hot',
    classifyId: params.get('c') ?? undefined,
    set,
  };
};

export const SignInFirst = () => {
  const { t } = useTranslation();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  return (
    <Empty description={t('community.mine.signIn')}>
      <Button type="primary" icon={<LoginOutlined />} onClick={() => openLogin()}>
        {t('community.mine.signInButton')}
      </Button>
    </Empty>
  );
};
