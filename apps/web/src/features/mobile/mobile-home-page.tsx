import { CameraFilled, RightOutlined } from '@ant-design/icons';
import type { ToolFamily } from '@huijing/tools';
import { Link } from 'react-router';
import { AreaIcon } from '../../components/area-icon';
import { BrandLogo } from '../../components/brand-logo';
import { useAccountSlots } from '../../components/account-slots';
import { ToolGlyph } from '../../components/tool-glyph';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { catalogOfFamily, catalogTools, familyNames } from '../../lib/tool-catalog';
import { useTranslation } from 'react-i18next';
import { MobileTabBar } from './mobile-tab-bar';
import './mobile-home.css';

const families: ToolFamily[] = ['render', 'edit', 'generate'];

/**
 * Phone home (spec §2: phones land here). Desktop tool routes would bounce a phone back, so
 * links stay on mobile routes: a family opens /mobileList, a tool opens /mobilePrepare.
 */
export const MobileHomePage = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { MobileAccount } = useAccountSlots();
  const featured = catalogTools.find((tool) => tool.id === 'home-decoration') ?? catalogTools[0]!;
  usePageTitle(t('mobile.home.title'));

  return (
    <div className="hj-m">
      <header className="hj-m__bar">
        <BrandLogo to="/mobileHome" />
        <MobileAccount />
      </header>

      <main className="hj-m__main">
        <section className="hj-m__hero">
          <p className="hj-m__hello">{t('mobile.home.hello')}</p>
          <h1>
            {t('mobile.home.headline1')}
            <br />
            {t('mobile.home.headline2')}
          </h1>
          <p className="hj-m__lead">{t('mobile.home.lead')}</p>
          <Link to={`/mobilePrepare?tool=${featured.id}`} className="hj-m__cta">
            <CameraFilled /> {t('mobile.home.cta', { name: pick(featured.name) })}
          </Link>
          <div className="hj-m__hero-art" aria-hidden>
            <span />
            <span />
            <span />
          </div>
        </section>

        {families.map((family) => {
          const tools = catalogOfFamily(family);
          return (
            <section key={family} className={`hj-m__family hj-m__family--${family}`}>
              <Link to={`/mobileList?family=${family}`} className="hj-m__family-head">
                <span className="hj-m__family-icon">
                  <AreaIcon name={family} />
                </span>
                <span className="hj-m__family-text">
                  <strong>{pick(familyNames[family])}</strong>
                  <small>{t(`families.${family}`)}</small>
                </span>
                <span className="hj-m__family-count">
                  {tools.length} <RightOutlined />
                </span>
              </Link>
              <div className="hj-m__tools">
                {tools.slice(0, 6).map((tool) => (
                  <Link key={tool.id} to={`/mobilePrepare?tool=${tool.id}`} className="hj-m__tool">
                    <ToolGlyph
                      family={family}
                      seed={tool.id}
                      label={tool.name['zh-CN']}
                      size={48}
                    />
                    <span>{pick(tool.name)}</span>
                    {tool.badge ? (
                      <em className={`hj-badge hj-badge--${tool.badge}`}>
                        {t(`badges.${tool.badge}`)}
                      </em>
                    ) : null}
                  </Link>
                ))}
              </div>
            </section>
          );
        })}

        <p className="hj-m__legal">
          {t('mobile.home.legal')} <Link to="/agreement">{t('mobile.home.agreement')}</Link> ·{' '}
          {t('mobile.home.aiMark')}
        </p>
      </main>

      <MobileTabBar active="home" />
    </div>
  );
};
