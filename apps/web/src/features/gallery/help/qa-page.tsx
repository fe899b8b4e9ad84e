import { Collapse, Empty, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell';
import { usePageTitle } from '../../../components/use-page-title';
import qa from './qa.md?raw';
import { parseQa, searchQa } from './qa-model';
import '../gallery.css';

const entries = parseQa(qa);

/** /qaPage: the help center, searchable; answers live in help/qa.md. */
export const QaPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('community.qa.title'));
  const [query, setQuery] = useState('');
  const found = searchQa(entries, query);
  const sections = [...new Set(found.map((e) => e.section))];
  return (
    <PageShell className="hj-gallery hj-qa">
      <div className="hj-gallery__head">
        <div>
          <h1>{t('community.qa.title')}</h1>
          <p className="hj-muted">{t('community.qa.sub')}</p>
        </div>
      </div>
      <Input.Search
        size="large"
        allowClear
        className="hj-gsearch"
        placeholder={t('community.qa.placeholder')}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="qa-search"
      />
      {found.length === 0 ? (
        <Empty description={t('community.qa.none')} />
      ) : (
        sections.map((s) => (
          <section key={s} className="hj-qa__section">
            <h2>{s}</h2>
            <Collapse
              defaultActiveKey={
                query ? found.filter((e) => e.section === s).map((e) => e.question) : []
              }
              key={query}
              items={found
                .filter((e) => e.section === s)
                .map((e) => ({
                  key: e.question,
                  label: e.question,
                  children: e.answer.split('\n').map((p) => <p key={p}>{p}</p>),
                }))}
            />
          </section>
        ))
      )}
    </PageShell>
  );
};
