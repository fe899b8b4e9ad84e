import { CameraFilled, RightOutlined } from '@ant-design/icons';
import type { ToolFamily } from '@huijing/tools';
import { Link } from 'react-router';
import { AreaIcon } from '../../components/area-icon';
import { PhoneBar } from '../../components/phone-bar';
import { BelowTheFold } from '../../components/first-screen';
import { ToolPicture } from '../../components/tool-picture';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { useToolAvailability } from '../../components/use-tool-availability';
import { featuredTool, runnableFamiliesFirst, splitRunnable } from '../../lib/tool-availability';
import { catalogOfFamily, catalogTools, familyNames } from '../../lib/tool-catalog';
import { useTranslation } from 'react-i18next';
import { MobileTabBar } from '../../components/mobile-tab-bar';
import './mobile-home.css';

const families: ToolFamily[] = ['render', 'edit', 'generate'];
/** The hero's "拍照渲染" promise first, then what a phone user reaches for. */
const heroPreference = ['home-decoration', 'indoor', 'render-3d', 'clean', 'upscale', 'to-line'];

/**
 * Phone home (spec §2: phones land here). Desktop tool routes would bounce a phone back, so
 * links stay on mobile routes: a family opens /mobileList, a tool opens /mobilePrepare.
 */
export const MobileHomePage = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  // The hero offers the best tool that runs now; unknown or none: the render list instead.
  const { available } = useToolAvailability();
  const featured = featuredTool(heroPreference, catalogTools, available);
  usePageTitle(t('mobile.home.title'));
  // What runs leads (families with nothing running drop below); the rest waits under 即将开通.
  const order = runnableFamiliesFirst(families, catalogOfFamily, available);
  const pending = splitRunnable(catalogTools, available).pending;
  const promise = featured?.family ?? 'render';
  const tile = (tool: (typeof catalogTools)[number]) => (
    <Link
      key={tool.id}
      to={`/mobilePrepare?tool=${tool.id}`}
      className={`hj-m__tool${available(tool.id) === false ? ' is-pending' : ''}`}
      data-tool={tool.id}
      data-available={available(tool.id) === undefined ? undefined : String(available(tool.id))}
    >
      <ToolPicture tool={tool} width={48} height={48} caption={false} glyphSize={48} />
      <span>{pick(tool.name)}</span>
      {available(tool.id) === false ? (
        <em className="hj-badge hj-badge--pending">{t('firstHour.pending')}</em>
      ) : tool.badge ? (
        <em className={`hj-badge hj-badge--${tool.badge}`}>{t(`badges.${tool.badge}`)}</em>
      ) : null}
    </Link>
  );
  const familySection = (family: ToolFamily) => {
    const tools = splitRunnable(catalogOfFamily(family), available).runnable;
    if (tools.length === 0) return null;
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
        <div className="hj-m__tools">{tools.slice(0, 6).map(tile)}</div>
      </section>
    );
  };

  return (
    <div className="hj-m">
      <PhoneBar />

      <main className="hj-m__main">
        <section className="hj-m__hero">
          <p className="hj-m__hello">{t('mobile.home.hello')}</p>
          {/* The promise is the featured tool's: 拍照出效果图 only while a render tool runs. */}
          {promise === 'render' ? (
            <>
              <h1>
                {t('mobile.home.headline1')}
                <br />
                {t('mobile.home.headline2')}
              </h1>
              <p className="hj-m__lead">{t('mobile.home.lead')}</p>
            </>
          ) : (
            <>
              <h1>
                {t(`firstHour.hero.${promise}.title`)}
                <br />
                {t(`firstHour.hero.${promise}.accent`)}
              </h1>
              <p className="hj-m__lead">{t(`firstHour.hero.${promise}.lead`)}</p>
            </>
          )}
          <Link
            to={featured ? `/mobilePrepare?tool=${featured.id}` : '/mobileList?family=render'}
            className="hj-m__cta"
            data-tool={featured?.id}
          >
            <CameraFilled />{' '}
            {!featured
              ? t('firstHour.chooseTool')
              : featured.family === 'render'
                ? t('mobile.home.cta', { name: pick(featured.name) })
                : t('firstHour.ctaTry', { name: pick(featured.name) })}
          </Link>
          <div className="hj-m__hero-art" aria-hidden>
            <span />
            <span />
            <span />
          </div>
        </section>

        {familySection(order[0]!)}
        {order.slice(1).map((family) => (
          <BelowTheFold key={family}>{familySection(family)}</BelowTheFold>
        ))}
        {pending.length > 0 ? (
          <BelowTheFold>
            <section className="hj-m__family hj-m__soon" id="coming-soon">
              <div className="hj-m__family-head">
                <span className="hj-m__family-text">
                  <strong>{t('firstHour.soon.title')}</strong>
                  <small>{t('firstHour.soon.line')}</small>
                </span>
                <span className="hj-m__family-count">{pending.length}</span>
              </div>
              <div className="hj-m__tools">{pending.map(tile)}</div>
            </section>
          </BelowTheFold>
        ) : null}
        <BelowTheFold>
          <p className="hj-m__legal">
            {t('mobile.home.legal')} <Link to="/agreement">{t('mobile.home.agreement')}</Link> ·{' '}
            {t('mobile.home.aiMark')}
          </p>
        </BelowTheFold>
      </main>

      <MobileTabBar active="home" />
    </div>
  );
};
