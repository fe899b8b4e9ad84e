import { hotWordsSchema } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../lib/beacon';
import { api } from '../lib/request';

type Scope = 'tools' | 'gallery';

const hotWordsQuery = (scope: Scope) => ({
  queryKey: ['search', 'hot-words', scope] as const,
  queryFn: async () => {
    const r = await api.get('/search/hotWords', {
      query: { scope },
      schema: hotWordsSchema,
      silent: true,
    });
    return r.success ? r.data.words : [];
  },
  staleTime: 10 * 60_000,
});

/**
 * 热门搜索 (spec §3 hot words): an operator's pinned words first, then what designers searched
 * most in the last 7 days. Shows nothing until there are words.
 */
export const HotWords = ({
  scope,
  onPick,
  className = 'hj-hot-words',
}: {
  scope: Scope;
  onPick: (word: string) => void;
  className?: string;
}) => {
  const { t } = useTranslation();
  const words = useQuery(hotWordsQuery(scope)).data ?? [];
  if (words.length === 0) return null;
  return (
    <div className={className} aria-label={t('help.hotWords')}>
      <span>{t('help.hotWords')}</span>
      {words.slice(0, 8).map((w) => (
        <button key={w} type="button" onClick={() => onPick(w)}>
          {w}
        </button>
      ))}
    </div>
  );
};

/**
 * Counts a search once the person stops typing (what the hot words are made of). Only settled
 * keywords of 1–20 characters are sent; the server drops anything that looks personal.
 */
export const useSearchTracking = (keyword: string, scope: Scope, settleMs = 1500) => {
  useEffect(() => {
    const word = keyword.trim();
    if (!word || word.length > 20) return;
    const timer = setTimeout(() => track('search', { keyword: word, scope }), settleMs);
    return () => clearTimeout(timer);
  }, [keyword, scope, settleMs]);
};
