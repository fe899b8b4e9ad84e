import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { allTools, familyNames, toolsOfFamily } from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HotWords, useSearchTracking } from '../../../../components/hot-words';
import { useLocalized } from '../../../../components/use-localized';
import { usePageTitle } from '../../../../components/use-page-title';
import { toolAvailabilityQuery } from '../../api/tools.api';
import { runnableFirst } from '../../../../lib/tool-availability';
import { listHref, mobileFamilies, parseListQuery, searchTools } from '../model/mobile-flow';
import { MobileToolRow } from './mobile-tool-row';
import { MobileTopBar } from './mobile-top-bar';
import '../mobile-flow.css';

/** /mobileList: the tools of one family as big rows, or a search across every family. */
export const MobileListPage = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { family, q } = parseListQuery(search);
  const [text, setText] = useState(q);
  const availability = useQuery(toolAvailabilityQuery());
  usePageTitle(t('mobile.list.title'));
  // A settled search counts toward the hot words, as on /list.
  useSearchTracking(q, 'tools');

  // The address holds the search, so back and a shared link give the same list.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== q) void navigate(listHref(family, text.trim()), { replace: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, q, family, navigate]);

  const info = (id: string) => availability.data?.find((a) => a.id === id);
  const tools = runnableFirst(
    q ? searchTools(allTools, q) : toolsOfFamily(family),
    (id) => info(id)?.available,
  );

  return (
    <div className="hj-mf hj-mf--tabs">
      <MobileTopBar title={t('mobile.list.title')} back="/mobileHome" />
      <div className="hj-mf-list__tools">
        <form
          role="search"
          className="hj-mf-search"
          onSubmit={(e) => {
            e.preventDefault();
            (document.activeElement as HTMLElement | null)?.blur();
          }}
        >
          <SearchOutlined aria-hidden />
          <input
            type="search"
            enterKeyHint="search"
            value={text}
            placeholder={t('mobile.list.search')}
            aria-label={t('mobile.list.search')}
            onChange={(e) => setText(e.target.value)}
          />
          {text ? (
            <button
              type="button"
              className="hj-mf-search__clear"
              aria-label={t('mobile.list.clear')}
              onClick={() => setText('')}
            >
              <CloseCircleFilled />
            </button>
          ) : null}
        </form>
        {q ? null : <HotWords scope="tools" className="hj-mf-hot" onPick={(w) => setText(w)} />}
        <nav className="hj-mf-chips" aria-label={t('mobile.list.families')}>
          {mobileFamilies.map((f) => (
            <Link
              key={f}
              to={listHref(f)}
              replace
              className={`hj-mf-chip${!q && f === family ? ' is-active' : ''}`}
              aria-current={!q && f === family ? 'page' : undefined}
              onClick={() => setText('')}
            >
              {pick(familyNames[f])}
              <small>{toolsOfFamily(f).length}</small>
            </Link>
          ))}
        </nav>
      </div>

      <main className="hj-mf__main">
        {q ? (
          <p className="hj-mf-list__count" role="status">
            {tools.length > 0 ? t('mobile.list.found', { count: tools.length }) : null}
          </p>
        ) : (
          <p className="hj-mf-list__lead">{t(`families.${family}`)}</p>
        )}
        {tools.length > 0 ? (
          <ul className="hj-mf-rows">
            {tools.map((tool) => (
              <MobileToolRow
                key={tool.id}
                tool={tool}
                price={info(tool.id)?.price ?? tool.price}
                available={info(tool.id)?.available}
              />
            ))}
          </ul>
        ) : (
          <div className="hj-mf-empty">
            <SearchOutlined className="hj-mf-empty__icon" aria-hidden />
            <h2>{t('mobile.list.none', { q })}</h2>
            <p>{t('mobile.list.noneHint')}</p>
            <button type="button" className="hj-mf-btn" onClick={() => setText('')}>
              {t('mobile.list.clear')}
            </button>
          </div>
        )}
      </main>
    </div>
  );
};
