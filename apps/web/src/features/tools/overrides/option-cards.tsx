import type { KeyboardEvent, ReactNode } from 'react';
import { useRef } from 'react';

export interface OptionCard<V extends string | number> {
  value: V;
  title: ReactNode;
  body?: ReactNode;
  /** A visual above the title (swatches, a scene, a preview). */
  art?: ReactNode;
  warn?: boolean;
}

/**
 * A radio group drawn as cards: one tab stop, arrow keys move the choice (as a native radio
 * group does), Enter/Space or a click picks. Used by the editing tools' visual choices.
 */
export const OptionCards = <V extends string | number>({
  label,
  value,
  options,
  onChange,
  columns = 2,
  className,
}: {
  label: string;
  value: V | undefined;
  options: OptionCard<V>[];
  onChange: (value: V) => void;
  columns?: number;
  className?: string;
}) => {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  const onKey = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={`hj-option-cards${className ? ` ${className}` : ''}`}
      style={{ ['--hj-option-columns' as string]: columns }}
      onKeyDown={onKey}
    >
      {options.map((o, i) => {
        const checked = o.value === value;
        return (
          <button
            key={String(o.value)}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={i === index ? 0 : -1}
            className={`hj-option-card${checked ? ' is-checked' : ''}${o.warn ? ' is-warn' : ''}`}
            onClick={() => onChange(o.value)}
          >
            {o.art ? <span className="hj-option-card__art">{o.art}</span> : null}
            <span className="hj-option-card__title">{o.title}</span>
            {o.body ? <span className="hj-option-card__body">{o.body}</span> : null}
          </button>
        );
      })}
    </div>
  );
};
