import {
  AppstoreOutlined,
  CameraFilled,
  CheckCircleOutlined,
  HomeFilled,
  RightOutlined,
} from '@ant-design/icons';
import { allTools, familyNames, toolsOfFamily, type ToolFamily } from '@huijing/tools';
import { Link } from 'react-router';
import { AreaIcon } from '../../components/area-icon';
import { BrandLogo } from '../../components/brand-logo';
import { useAccountSlots } from '../../components/account-slots';
import { ToolGlyph } from '../../components/tool-glyph';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { useTranslation } from 'react-i18next';
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
  const featured = allTools.find((tool) => tool.id === 'home-decoration') ?? allTools[0]!;
  usePageTitle('移动端');

  return (
    <div className="hj-m">
      <header className="hj-m__bar">
        <BrandLogo to="/mobileHome" />
        <MobileAccount />
      </header>

      <main className="hj-m__main">
        <section className="hj-m__hero">
          <p className="hj-m__hello">你好，设计师</p>
          <h1>
            拍一张照片
            <br />
            立刻看到效果图
          </h1>
          <p className="hj-m__lead">毛坯、白模、手绘线稿，AI 帮你一键出图</p>
          <Link to={`/mobilePrepare?tool=${featured.id}`} className="hj-m__cta">
            <CameraFilled /> 拍照渲染 · {pick(featured.name)}
          </Link>
          <div className="hj-m__hero-art" aria-hidden>
            <span />
            <span />
            <span />
          </div>
        </section>

        {families.map((family) => {
          const tools = toolsOfFamily(family);
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
          使用即表示同意 <Link to="/agreement">《用户协议》</Link> · 生成内容均带有 AI 标识
        </p>
      </main>

      <nav className="hj-m__tabs" aria-label="底部导航">
        <Link to="/mobileHome" className="is-active">
          <HomeFilled />
          首页
        </Link>
        <Link to="/mobileList">
          <AppstoreOutlined />
          全部功能
        </Link>
        <Link to="/mobileDone">
          <CheckCircleOutlined />
          我的作品
        </Link>
      </nav>
    </div>
  );
};
