import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { fitWords, sizesByCss, useFitWords } from './fit-words';
import './styles/plain-controls.css';

/*
 * The generated tool form's controls as the browser's own elements, drawn like antd's (Slider,
 * InputNumber, Segmented, Switch, TextArea with its count, a small search Input;
 * components/styles/plain-controls.css). Each antd control brought
 * its rc-component, its style function and a dozen hooks per render into the tool page's first
 * load, where most tools show a slider, its number box and a segmented choice before anything
 * else (docs/performance.md). Keyboard and screen readers get the native roles:
 * slider, spinbutton, radio group, switch, text box.
 */

const clamp = (n: number, min?: number, max?: number) =>
  Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));

/** Rounds to the step's decimals, so 0.1 + 0.2 shows 0.3. */
const tidy = (n: number, step?: number) => {
  const decimals = step ? (String(step).split('.')[1]?.length ?? 0) : 0;
  return Number(n.toFixed(Math.min(decimals, 10)));
};

interface RangeProps {
  id?: string;
  min?: number;
  max?: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/** A slider: `<input type="range">` with the part left of the handle filled (antd's track). */
export const RangeInput = ({
  min = 0,
  max = 100,
  step = 1,
  value,
  onChange,
  ...rest
}: RangeProps) => {
  const fill = max > min ? ((clamp(value, min, max) - min) / (max - min)) * 100 : 0;
  return (
    <input
      {...rest}
      type="range"
      className="hj-range"
      min={min}
      max={max}
      step={step}
      value={value}
      style={{ '--hj-range-fill': `${fill}%` } as CSSProperties}
      onChange={(e) => onChange(tidy(Number(e.target.value), step))}
    />
  );
};

interface NumberProps {
  id?: string;
  min?: number;
  max?: number;
  step?: number;
  value: number | null;
  onChange: (value: number) => void;
  size?: 'small' | 'middle';
  className?: string;
  'aria-label'?: string;
}

/**
 * A number box. What is typed is kept as typed; a number within the limits is passed on at once
 * (as antd's InputNumber does), anything else when the box is left: clamped into the limits, or
 * the last good value back when it is not a number.
 */
export const NumberInput = ({
  min,
  max,
  step,
  value,
  onChange,
  size = 'middle',
  className,
  ...rest
}: NumberProps) => {
  const shown = value === null ? '' : String(value);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (text: string) => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) return;
    const next = tidy(clamp(n, min, max), step);
    if (next !== value) onChange(next);
  };
  return (
    <input
      {...rest}
      type="number"
      inputMode="decimal"
      className={`hj-number hj-number--${size}${className ? ` ${className}` : ''}`}
      min={min}
      max={max}
      step={step}
      value={draft ?? shown}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        const n = Number(text);
        const inRange = (min === undefined || n >= min) && (max === undefined || n <= max);
        if (text.trim() !== '' && Number.isFinite(n) && inRange && n !== value) onChange(n);
      }}
      onBlur={() => {
        if (draft !== null) commit(draft);
        setDraft(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && draft !== null) {
          commit(draft);
          setDraft(null);
        }
      }}
    />
  );
};

interface Choice<V> {
  value: V;
  label: React.ReactNode;
}

/**
 * One of a few choices side by side (antd's Segmented, `block`): a radio group of buttons; the
 * arrow keys move the choice, as in any radio group.
 */
export const ChoiceGroup = <V extends string | number>({
  options,
  value,
  onChange,
  className,
  'aria-labelledby': labelledBy,
}: {
  options: Choice<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  className?: string;
  'aria-labelledby'?: string;
}) => {
  const index = options.findIndex((o) => o.value === value);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!delta || options.length === 0) return;
    e.preventDefault();
    const next = (Math.max(index, 0) + delta + options.length) % options.length;
    onChange(options[next]!.value);
    const buttons = e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]');
    buttons[next]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className={`hj-choice${className ? ` ${className}` : ''}`}
      onKeyDown={onKeyDown}
    >
      {options.map((o, i) => {
        const selected = i === index;
        return (
          <button
            key={String(o.value)}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected || (index < 0 && i === 0) ? 0 : -1}
            className={`hj-choice__item${selected ? ' is-selected' : ''}`}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
};

/** An on/off switch (antd's Switch): a button with the switch role. */
export const SwitchButton = ({
  id,
  checked,
  onChange,
  'aria-labelledby': labelledBy,
}: {
  id?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  'aria-labelledby'?: string;
}) => (
  <button
    id={id}
    type="button"
    role="switch"
    aria-checked={checked}
    aria-labelledby={labelledBy}
    className={`hj-switch${checked ? ' is-on' : ''}`}
    onClick={() => onChange(!checked)}
  />
);

/**
 * A text box that grows with its words between `minRows` and `maxRows` (CSS `field-sizing`, or by
 * script where the browser lacks it; as components/auto-text-area.tsx), with antd's count under
 * its right edge ("12 / 1000").
 */
export const CountedTextArea = ({
  id,
  value,
  onChange,
  placeholder,
  minRows,
  maxRows,
  maxLength,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  minRows: number;
  maxRows: number;
  maxLength: number;
}) => {
  const ref = useRef<HTMLTextAreaElement>(null);
  useFitWords(() => ref.current, value);
  return (
    <span
      className="hj-textarea"
      style={{ '--hj-rows-min': minRows, '--hj-rows-max': maxRows } as CSSProperties}
    >
      <textarea
        ref={ref}
        id={id}
        value={value}
        placeholder={placeholder}
        rows={minRows}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        onInput={(e) => {
          if (!sizesByCss) fitWords(e.currentTarget);
        }}
      />
      <span className="hj-textarea__count">
        {value.length} / {maxLength}
      </span>
    </span>
  );
};

/** A small search box with a magnifier and a clear button once something is typed. */
export const SearchBox = ({
  value,
  onChange,
  placeholder,
  clearLabel,
  'aria-label': label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  clearLabel: string;
  'aria-label'?: string;
}) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="hj-search">
      <SearchOutlined aria-hidden className="hj-search__icon" />
      <input
        ref={input}
        type="text"
        value={value}
        placeholder={placeholder}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.preventDefault();
            onChange('');
          }
        }}
      />
      {value ? (
        <button
          type="button"
          className="hj-search__clear"
          aria-label={clearLabel}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <CloseCircleFilled aria-hidden />
        </button>
      ) : null}
    </span>
  );
};
