import type { ToolFamily } from '@huijing/tools';
import { catalogOfFamily, familyNames } from '../lib/tool-catalog';
import { runnableFirst } from '../lib/tool-availability';
import { useToolAvailability } from './use-tool-availability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import { useLocalized } from './use-localized';
import { useRecharge } from './recharge.store';

const families: ToolFamily[] = ['render', 'edit', 'generate'];

export const SiteFooter = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  // Footer links have no room for a "待开通" badge: they list tools that run.
  const { available } = useToolAvailability();
  const openRecharge = useRecharge((s) => s.openRecharge);
  return (
    <footer className="hj-footer">
      <div className="hj-footer__inner">
        <div className="hj-footer__brand">
          <BrandLogo tone="light" />
          <p>{t('brand.slogan')}</p>
          <p className="hj-footer__muted">{t('footer.notice')}</p>
        </div>
        {families.map((family, index) => {
          // A family whose tools all wait for an engine gets no column: no empty heading.
          const tools = runnableFirst(catalogOfFamily(family), available)
            .filter((tool) => available(tool.id) !== false)
            .slice(0, 5);
          if (tools.length === 0) return null;
          return (
            <div className="hj-footer__col" key={family}>
              <h4>
                <Link to={`/list?tab=${index + 1}`}>{pick(familyNames[family])}</Link>
              </h4>
              {tools.map((tool) => (
                <Link key={tool.id} to={tool.entry}>
                  {pick(tool.name)}
                </Link>
              ))}
            </div>
          );
        })}
        <div className="hj-footer__col">
          <h4>绘境</h4>
          <Link to="/findPage">{t('nav.gallery')}</Link>
          <button type="button" className="hj-footer__link" onClick={() => openRecharge()}>
            充值与会员
          </button>
          <Link to="/client">客户端下载</Link>
          <Link to="/dingzhi">定制购买</Link>
          <Link to="/modelsquare">模型广场</Link>
          <Link to="/agreement">{t('footer.agreement')}</Link>
        </div>
      </div>
      <div className="hj-footer__bottom">
        <span>
          © {new Date().getFullYear()} {t('footer.rights')}
        </span>
        <Link to="/agreement">{t('footer.agreement')}</Link>
      </div>
    </footer>
  );
};
