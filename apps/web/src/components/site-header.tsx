import { MenuOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandLogo } from './brand-logo';
import { useAccountSlots } from './account-slots';
import { HelpMenu } from './help-menu';
import { RechargeButton } from './recharge-button';

/** The drawer (antd) is fetched the first time the menu opens, not with the first screen. */
const Drawer = lazy(() =>
  Promise.all([import('antd/es/drawer'), import('./antd-root')]).then(
    ([{ default: AntDrawer }, { AntdRoot }]) => ({
      default: (props: ComponentProps<typeof AntDrawer>) => (
        <AntdRoot>
          <AntDrawer {...props} />
        </AntdRoot>
      ),
    }),
  ),
);

const navItems = [
  { key: 'render', to: '/list?tab=1' },
  { key: 'edit', to: '/list?tab=2' },
  { key: 'generate', to: '/list?tab=3' },
  { key: 'assistant', to: '/deepseek' },
  { key: 'gallery', to: '/findPage' },
  { key: 'models', to: '/modelsquare' },
  { key: 'works', to: '/aiDesignMangement' },
] as const;

/** Top bar shared by the shell screens; `tone` dark sits on the home hero. */
export const SiteHeader = ({ tone = 'light' }: { tone?: 'light' | 'dark' }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { HeaderAccount, DrawerAccount } = useAccountSlots();
  const current = `${location.pathname}${location.search}`;
  // A bare /list opens on the first family that runs, which need not be tab 1: no family is lit.
  const isActive = (to: string) => (to.includes('?') ? current === to : location.pathname === to);

  const links = navItems.map((item) => (
    <NavLink
      key={item.key}
      to={item.to}
      className={() => `hj-nav__link${isActive(item.to) ? ' is-active' : ''}`}
      onClick={() => setDrawer(false)}
    >
      {t(`nav.${item.key}`)}
    </NavLink>
  ));

  return (
    <header className={`hj-header hj-header--${tone}`}>
      <div className="hj-header__inner">
        <BrandLogo tone={tone === 'dark' ? 'light' : 'dark'} />
        <nav className="hj-nav" aria-label="主导航">
          {links}
        </nav>
        <div className="hj-header__actions">
          <Link to="/list" className="hj-header__all">
            {t('nav.functions')}
          </Link>
          <HelpMenu />
          <RechargeButton />
          <HeaderAccount tone={tone} />
          <button
            type="button"
            className="hj-btn hj-btn--text hj-header__menu"
            aria-label={t('nav.menu')}
            onClick={() => {
              setDrawerUsed(true);
              setDrawer(true);
            }}
          >
            <MenuOutlined />
          </button>
        </div>
      </div>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <Drawer
            open={drawer}
            onClose={() => setDrawer(false)}
            placement="right"
            width={280}
            title={<BrandLogo />}
            className="hj-drawer"
          >
            <nav className="hj-drawer__nav" aria-label="主导航">
              {links}
              <NavLink to="/list" className="hj-nav__link" onClick={() => setDrawer(false)}>
                {t('nav.functions')}
              </NavLink>
            </nav>
            <HelpMenu onNavigate={() => setDrawer(false)} />
            <DrawerAccount onNavigate={() => setDrawer(false)} />
          </Drawer>
        </Suspense>
      ) : null}
    </header>
  );
};
