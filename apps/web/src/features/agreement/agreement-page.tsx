import { FileProtectOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Anchor } from 'antd';
import { Fragment } from 'react';
import { openContact } from '../../components/help-dialogs.store';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';
import {
  agreementIntro,
  agreementMeta,
  agreementSections,
  type AgreementSection,
} from './agreement-content';
import './agreement.css';

/** “联系客服” in the text opens the contact dialog (spec §2 modals). */
const WithContact = ({ text }: { text: string }) => {
  const parts = text.split('联系客服');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <button type="button" className="hj-agreement__contact" onClick={openContact}>
              联系客服
            </button>
          ) : null}
        </Fragment>
      ))}
    </>
  );
};

const Paragraph = ({ value }: { value: AgreementSection['paragraphs'][number] }) => {
  if (typeof value === 'string')
    return (
      <p>
        <WithContact text={value} />
      </p>
    );
  if ('strong' in value)
    return (
      <p>
        <strong>{value.strong}</strong>
      </p>
    );
  return (
    <ul>
      {value.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
};

/** The user agreement with a table of contents (spec §2: the one route shown in menus). */
export const AgreementPage = () => {
  usePageTitle('用户协议');
  return (
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
            replace
            items={agreementSections.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))}
          />
        </aside>
        <article className="hj-agreement__doc">
          {/* Phones get a folded contents list instead of the sticky sidebar. */}
          <details className="hj-agreement__toc-mobile">
            <summary>
              <UnorderedListOutlined /> 目录（{agreementSections.length} 章）
            </summary>
            <ol>
              {agreementSections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </details>
          <div className="hj-agreement__intro">
            {agreementIntro.map((p, i) =>
              i === 1 ? (
                <p key={p}>
                  <strong>{p}</strong>
                </p>
              ) : (
                <p key={p}>{p}</p>
              ),
            )}
          </div>
          {agreementSections.map((section) => (
            <section key={section.id} id={section.id} className="hj-agreement__section">
              <h2>{section.title}</h2>
              {section.paragraphs.map((p, i) => (
                <Paragraph key={i} value={p} />
              ))}
            </section>
          ))}
          <p className="hj-agreement__end">— 协议正文结束 —</p>
        </article>
      </div>
    </PageShell>
  );
};
