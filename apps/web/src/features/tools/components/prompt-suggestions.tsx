import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hasPhrase,
  phraseList,
  togglePhrase,
  type SuggestionGroup,
  type SuggestionSet,
} from './prompt-phrases';
import './prompt-suggestions.css';

/** Groups shown before 更多描述词 (the form stays short). */
const FIRST_GROUPS = 2;

/**
 * Rows of one-tap phrases under a prompt box: a tap adds the phrase after the prompt (joined by
 * the locale's separator, "，" in Chinese) and shows it pressed; a second tap takes it out. The
 * first two groups show, and any group with a phrase in the prompt; 更多描述词 opens the rest.
 */
export const PromptSuggestions = ({
  groups,
  prompt,
  onChange,
  max = 1000,
}: {
  groups: readonly SuggestionGroup[];
  prompt: string;
  onChange: (prompt: string) => void;
  max?: number;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (groups.length === 0) return null;
  const separator = t('generation.suggest.separator');
  const shown = groups.filter(
    (g, i) => open || i < FIRST_GROUPS || g.phrases.some((p) => hasPhrase(prompt, p)),
  );
  const hidden = groups.length - shown.length;
  return (
    <div className="hj-suggest" role="group" aria-label={t('generation.suggest.title')}>
      {shown.map((g) => {
        const label = t(`generation.suggest.groups.${g.key}`);
        return (
          <div key={g.key} className="hj-suggest__row" role="group" aria-label={label}>
            <span className="hj-suggest__group" aria-hidden>
              {label}
            </span>
            {g.phrases.map((phrase) => {
              const on = hasPhrase(prompt, phrase);
              return (
                <button
                  key={phrase}
                  type="button"
                  className={`hj-suggest__chip${on ? ' is-on' : ''}`}
                  aria-pressed={on}
                  onClick={() => onChange(togglePhrase(prompt, phrase, max, separator))}
                >
                  {phrase}
                </button>
              );
            })}
          </div>
        );
      })}
      {hidden > 0 || open ? (
        <button
          type="button"
          className="hj-suggest__more"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('generation.suggest.less') : t('generation.suggest.more', { count: hidden })}
        </button>
      ) : null}
    </div>
  );
};

/** The phrase groups of a set, in the current language (locale generation.suggest.sets). */
export const useSuggestionGroups = (set: SuggestionSet | undefined): SuggestionGroup[] => {
  const { t } = useTranslation();
  if (!set) return [];
  const entries = t(`generation.suggest.sets.${set}`, { returnObjects: true }) as unknown;
  if (!entries || typeof entries !== 'object') return [];
  return Object.entries(entries as Record<string, string>).map(([key, text]) => ({
    key,
    phrases: phraseList(text),
  }));
};
