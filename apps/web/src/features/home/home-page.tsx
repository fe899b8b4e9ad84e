import { ArrowRightOutlined, CheckCircleFilled, ThunderboltFilled } from '@ant-design/icons';
import type { ToolFamily } from '@huijing/tools';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AreaIcon } from '../../components/area-icon';
import { BelowTheFold } from '../../components/first-screen';
import { PageShell } from '../../components/page-shell';
import { ToolCard } from '../../components/tool-card';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { useToolAvailability } from '../../components/use-tool-availability';
import { featuredTool, runnableFamiliesFirst, splitRunnable } from '../../lib/tool-availability';
import { catalogOfFamily, catalogTools, familyNames } from '../../lib/tool-catalog';
import { HeroIllustration } from './hero-illustration';
import { homeAreas } from './home-areas';
import './home.css';
import './home-sections.css';

const families: ToolFamily[] = ['render', 'edit', 'generate'];

/** Best first: the hero's promise is sketch → render, then the tools a new designer reaches for. */
const heroPreference = [
  'home-decoration',
  'indoor',
  'architecture',
  'render-3d',
  'clean',
  'upscale',
  'real-upscale',
  'to-line',
];

const steps = [
  { title: '上传草图或照片', body: '毛坯照片、SU / 3ds Max 截图、手绘线稿都可以' },
  { title: '选择空间与风格', body: '现代、奶油、新中式、侘寂……或上传一张参考图' },
  { title: '一键生成效果图', body: '保持结构与透视，多张方案同时出图，随时二次编辑' },
];

export const HomePage = ({ footer }: { footer: boolean }) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  // The hero features the best tool that can run now; while that is unknown (or nothing can
  // run) it offers the list instead, never a tool that would say it is unavailable.
  const { available } = useToolAvailability();
  const featured = featuredTool(heroPreference, catalogTools, available);
  const featuredHref = featured ? featured.entry : '/list';
  // The promise above the button is the featured tool's family's (草图到效果图 only when a
  // render tool runs); unknown keeps the render promise the prerendered shell carries.
  const promise = featured?.family ?? 'render';
  const order = runnableFamiliesFirst(families, catalogOfFamily, available);
  const pending = splitRunnable(catalogTools, available).pending;
  usePageTitle();

  return (
    <PageShell footer={footer} tone="dark" className="hj-home">
      <section className="hj-hero">
        <div className="hj-hero__glow" aria-hidden />
        <div className="hj-hero__inner">
          <div className="hj-hero__copy">
            <span className="hj-hero__eyebrow">
              <ThunderboltFilled /> 专为室内 · 建筑 · 景观设计师打造
            </span>
            <h1 className="hj-hero__title">
              {t(`firstHour.hero.${promise}.title`)}
              <br />
              <span className="hj-hero__accent">{t(`firstHour.hero.${promise}.accent`)}</span>
            </h1>
            <p className="hj-hero__lead">{t(`firstHour.hero.${promise}.lead`)}</p>
            <div className="hj-hero__actions">
              <Link to="/list" className="hj-btn hj-btn--primary hj-btn--large hj-hero__cta">
                {t('actions.start')} <ArrowRightOutlined />
              </Link>
              <Link
                to={featuredHref}
                className="hj-btn hj-btn--ghost hj-btn--large hj-hero__secondary"
                data-tool={featured?.id}
              >
                {featured
                  ? t('firstHour.tryTool', { name: pick(featured.name) })
                  : t('firstHour.chooseTool')}
              </Link>
            </div>
            <ul className="hj-hero__facts">
              <li>
                <strong>{catalogTools.length}</strong>
                <span>款专业工具</span>
              </li>
              <li>
                <strong>{families.length}</strong>
                <span>大创作方向</span>
              </li>
              <li>
                <strong>4×</strong>
                <span>AI 细节放大</span>
              </li>
            </ul>
          </div>
          <div className="hj-hero-art">
            <div className="hj-hero-art__frame">
              <HeroIllustration />
              <span className="hj-hero-art__label hj-hero-art__label--left">线稿 / 白模</span>
              <span className="hj-hero-art__label hj-hero-art__label--right">AI 效果图</span>
            </div>
            <div className="hj-hero-art__chip hj-hero-art__chip--top">
              <span className="hj-dot" /> 风格 · 奶油原木
            </div>
            <div className="hj-hero-art__chip hj-hero-art__chip--bottom">
              <CheckCircleFilled /> 结构与透视保持不变
            </div>
          </div>
        </div>
      </section>

      <div className="hj-home__body">
        {order.map((family) => {
          const tools = splitRunnable(catalogOfFamily(family), available).runnable;
          if (tools.length === 0) return null;
          return (
            <BelowTheFold key={family}>
              <section className="hj-section" id={`family-${family}`}>
                <header className="hj-section__head">
                  <div>
                    <span className={`hj-section__icon hj-section__icon--${family}`}>
                      <AreaIcon name={family} />
                    </span>
                    <h2>{pick(familyNames[family])}</h2>
                    <p>{t(`families.${family}`)}</p>
                  </div>
                  <Link
                    to={`/list?tab=${families.indexOf(family) + 1}`}
                    className="hj-section__more"
                  >
                    {t('actions.viewAll')} <ArrowRightOutlined />
                  </Link>
                </header>
                <div className="hj-tool-grid">
                  {tools.map((tool) => (
                    <ToolCard key={tool.id} tool={tool} available={available(tool.id)} />
                  ))}
                </div>
              </section>
            </BelowTheFold>
          );
        })}

        <BelowTheFold>
          <section className="hj-section">
            <header className="hj-section__head">
              <div>
                <span className="hj-section__icon hj-section__icon--more">
                  <AreaIcon name="models" />
                </span>
                <h2>更多创作空间</h2>
                <p>对话式设计助手、风格模型、提示词工具与团队服务</p>
              </div>
            </header>
            <div className="hj-area-grid">
              {homeAreas.map((area) => (
                <article key={area.title} className={`hj-area hj-area--${area.tone}`}>
                  <span className="hj-area__icon">
                    <AreaIcon name={area.icon} />
                  </span>
                  <h3>{area.title}</h3>
                  <p>{area.description}</p>
                  <div className="hj-area__links">
                    {area.links.map((link) => (
                      <Link key={link.path} to={link.path}>
                        {link.label} <ArrowRightOutlined />
                      </Link>
                    ))}
                  </div>
                </article>
              ))}
            </div>
          </section>
        </BelowTheFold>

        <BelowTheFold>
          {/* The three steps are a render's; they show while a render tool is what the hero offers. */}
          {promise === 'render' ? (
            <section className="hj-steps">
              <h2>三步，交付一张效果图</h2>
              <ol>
                {steps.map((step, i) => (
                  <li key={step.title}>
                    <span className="hj-steps__num">0{i + 1}</span>
                    <h3>{step.title}</h3>
                    <p>{step.body}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          <section className="hj-cta">
            <div>
              <h2>让下一次方案汇报，提前一天完成</h2>
              <p>
                {!featured
                  ? '挑一个工具，体验草图秒变效果图。'
                  : promise === 'render'
                    ? `从 ${pick(featured.name)} 开始，体验草图秒变效果图。`
                    : `从 ${pick(featured.name)} 开始，几秒得到第一张成品。`}
              </p>
            </div>
            <Link
              to={featuredHref}
              className="hj-btn hj-btn--primary hj-btn--large"
              data-tool={featured?.id}
            >
              {t('actions.tryNow')} <ArrowRightOutlined />
            </Link>
          </section>
        </BelowTheFold>

        {pending.length > 0 ? (
          <BelowTheFold>
            <section className="hj-section hj-soon" id="coming-soon">
              <header className="hj-section__head">
                <div>
                  <h2>
                    {t('firstHour.soon.title')}
                    <small>{t('firstHour.soon.count', { count: pending.length })}</small>
                  </h2>
                  <p>{t('firstHour.soon.line')}</p>
                </div>
              </header>
              <div className="hj-tool-grid">
                {pending.map((tool) => (
                  <ToolCard key={tool.id} tool={tool} compact available={false} />
                ))}
              </div>
            </section>
          </BelowTheFold>
        ) : null}
      </div>
    </PageShell>
  );
};
