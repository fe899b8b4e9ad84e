import { useTranslation } from 'react-i18next';
import {
  hasPhrase,
  phraseList,
  togglePhrase,
  type SuggestionGroup,
  type SuggestionSet,
} from './prompt-phrases';
import './prompt-suggestions.css';

/**
 * Rows of one-tap phrases under a prompt box: a tap adds the phrase after the prompt (joined by
 * the locale's separator, "，" in Chinese) and shows it pressed; a second tap takes it out.
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
  if (groups.length === 0) return null;
  const separator = t('generation.suggest.separator');
  return (
    <div className="hj-suggest" role="group" aria-label={t('generation.suggest.title')}>
      {groups.map((g) => {
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
