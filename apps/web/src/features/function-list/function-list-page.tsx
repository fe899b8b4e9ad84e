import { SearchOutlined } from '@ant-design/icons';
import {
  allTools,
  familyNames,
  toolEntry,
  toolsOfFamily,
  type ToolDefinition,
  type ToolFamily,
} from '@huijing/tools';
import { Empty, Input, Tabs } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AreaIcon } from '../../components/area-icon';
import { HotWords, useSearchTracking } from '../../components/hot-words';
import { PageShell } from '../../components/page-shell';
import { ToolCard } from '../../components/tool-card';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { useToolAvailability } from '../../components/use-tool-availability';
import { runnableFamiliesFirst, splitRunnable } from '../../lib/tool-availability';
import { DEFAULT_LIST_TAB } from '../../lib/constants';
import type { AvailabilityOf } from '../../lib/tool-availability';
import { filterTools, tabFromParam } from './filter-tools';
import './function-list.css';

const families: ToolFamily[] = ['render', 'edit', 'generate'];

/** What runs, then the tools waiting for an engine under 即将开通 with what enabling them takes. */
const RunnableThenSoon = ({
  tools,
  available,
}: {
  tools: readonly ToolDefinition[];
  available: AvailabilityOf;
}) => {
  const { t } = useTranslation();
  const { runnable, pending } = splitRunnable(tools, available);
  return (
    <>
      {runnable.length > 0 ? (
        <div className="hj-tool-grid">
          {runnable.map((tool) => (
            <ToolCard key={tool.id} tool={tool} available={available(tool.id)} />
          ))}
        </div>
      ) : null}
      {pending.length > 0 ? (
        <section className="hj-list__soon" data-soon>
          <h3>
            {t('firstHour.soon.title')}
            <small>{t('firstHour.soon.count', { count: pending.length })}</small>
          </h3>
          <p>{t('firstHour.soon.line')}</p>
          <div className="hj-tool-grid">
            {pending.map((tool) => (
              <ToolCard key={tool.id} tool={tool} compact available={false} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
};

/** The function list: one tab per family (tab 1 first), with a search across every tool. */
export const FunctionListPage = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const [params, setParams] = useSearchParams();
  const { available } = useToolAvailability();
  // Without a tab asked for, the list opens on the first family with something that runs (the
  // designer's first tab once engines are configured).
  const firstRunnable = runnableFamiliesFirst(families, toolsOfFamily, available)[0]!;
  const tab = params.has('tab')
    ? tabFromParam(params.get('tab'), families.length)
    : families.indexOf(firstRunnable) + 1 || DEFAULT_LIST_TAB;
  const query = params.get('q') ?? '';
  const deferredQuery = useDeferredValue(query);
  const results = filterTools(allTools, deferredQuery);
  // Shortcuts only to tools that run now: the badged ones first, then any runnable tool.
  const hot = [...allTools.filter((x) => x.badge), ...allTools.filter((x) => !x.badge)]
    .filter((tool) => available(tool.id) === true)
    .slice(0, 6);
  usePageTitle(t('list.title'));
  useSearchTracking(query, 'tools');

  const update = (next: { tab?: number; q?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.tab !== undefined) merged.set('tab', String(next.tab));
    if (next.q !== undefined) {
      if (next.q) merged.set('q', next.q);
      else merged.delete('q');
    }
    setParams(merged, { replace: true, preventScrollReset: true });
  };

  return (
    <PageShell className="hj-list">
      <section className="hj-list__hero">
        <div className="hj-list__hero-inner">
          <h1>{t('list.title')}</h1>
          <p>{t('list.subtitle', { count: allTools.length })}</p>
          <Input
            size="large"
            allowClear
            className="hj-list__search"
            prefix={<SearchOutlined />}
            placeholder={t('list.search')}
            value={query}
            onChange={(e) => update({ q: e.target.value })}
            aria-label={t('list.search')}
          />
          <HotWords scope="tools" className="hj-list__hot" onPick={(q) => update({ q })} />
          <div className="hj-list__hot">
            {hot.length > 0 ? <span>{t('list.hot')}</span> : null}
            {hot.map((tool) => (
              <Link key={tool.id} to={toolEntry(tool)} data-tool={tool.id}>
                {pick(tool.name)}
              </Link>
            ))}
          </div>
        </div>
      </section>
      <div className="hj-list__body">
        {deferredQuery.trim() ? (
          <section aria-live="polite">
            <p className="hj-list__count">{t('list.results', { count: results.length })}</p>
            {results.length > 0 ? (
              <RunnableThenSoon tools={results} available={available} />
            ) : (
              <Empty
                className="hj-list__empty"
                description={t('list.empty', { query: deferredQuery.trim() })}
              />
            )}
          </section>
        ) : (
          <Tabs
            activeKey={String(tab)}
            onChange={(key) => update({ tab: Number(key) })}
            size="large"
            className="hj-list__tabs"
            items={families.map((family, index) => ({
              key: String(index + 1),
              label: (
                <span className="hj-list__tab">
                  <AreaIcon name={family} />
                  {pick(familyNames[family])}
                  <span className="hj-list__tab-count">{toolsOfFamily(family).length}</span>
                </span>
              ),
              children: (
                <>
                  <p className="hj-list__family-desc">{t(`families.${family}`)}</p>
                  <RunnableThenSoon tools={toolsOfFamily(family)} available={available} />
                </>
              ),
            }))}
          />
        )}
      </div>
    </PageShell>
  );
};
