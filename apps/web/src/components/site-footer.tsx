import type { ToolFamily } from '@huijing/tools';
import { catalogOfFamily, familyNames } from '../lib/tool-catalog';
import { runnableFirst } from '../lib/tool-availability';
import { useToolAvailability } from './use-tool-availability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import { useLocalized } from './use-localized';

const families: ToolFamily[] = ['render', 'edit', 'generate'];

export const SiteFooter = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  // Footer links have no room for a \"待开通\" badge: they list tools that run.
  const { available } = useToolAvailability();
  return (
    <footer className="hj-footer">
      <div className="hj-footer__inner">
        <div className="hj-footer__brand">
          <BrandLogo tone="light" />
          <p>{t('brand.slogan')}</p>
          <p className="hj-footer__muted">{t('footer.notice')}</p>
        </div>
        {families.map((family, index) => (
          <div className="hj-footer__col" key={family}>
            <h4>
              <Link to={`/list?tab=${index + 1}`}>{pick(familyNames[family])}</Link>
            </h4>
            {runnableFirst(catalogOfFamily(family), available)
              .filter((tool) => available(tool.id) !== false)
              .slice(0, 5)
              .map((tool) => (
                <Link key={tool.id} to={tool.entry}>
                  {pick(tool.name)}
                </Link>
              ))}
          </div>
        ))}
        <div className="hj-footer__col">
          <h4>绘境</h4>
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
