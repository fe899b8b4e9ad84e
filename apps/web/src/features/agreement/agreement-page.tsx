import { FileProtectOutlined } from '@ant-design/icons';
import { Anchor } from 'antd';
import { PageShell } from '../../components/page-shell';
import { agreementIntro, agreementMeta, agreementSections } from './agreement-content';
import './agreement.css';

/** The user agreement with a sticky table of contents (spec §2: the one route shown in menus). */
export const AgreementPage = () => (
  <PageShell className="hj-agreement">
    <section className="hj-agreement__hero">
      <div className="hj-agreement__hero-inner">
        <span className="hj-agreement__badge">
          <FileProtectOutlined /> 法律文件
        </span>
        <h1>{agreementMeta.title}</h1>
        <p>
          更新日期：{agreementMeta.updated} · 生效日期：{agreementMeta.effective}
        </p>
      </div>
    </section>
    <div className="hj-agreement__layout">
      <aside className="hj-agreement__toc" aria-label="目录">
        <h2>目录</h2>
        <Anchor
          offsetTop={88}
          targetOffset={96}
          items={agreementSections.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))}
        />
      </aside>
      <article className="hj-agreement__doc">
        {agreementIntro.map((p) => (
          <p key={p} className="hj-agreement__intro">
            {p}
          </p>
        ))}
        {agreementSections.map((section) => (
          <section key={section.id} id={section.id} className="hj-agreement__section">
            <h2>{section.title}</h2>
            {section.paragraphs.map((p, i) =>
              typeof p === 'string' ? (
                <p key={i}>{p}</p>
              ) : (
                <ul key={i}>
                  {p.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <p className="hj-agreement__end">— 协议正文结束 —</p>
      </article>
    </div>
  </PageShell>
);
