// Deep imports: antd's Input index brings Search, Password and OTP with it (it attaches them).
import TextArea, { type TextAreaProps } from 'antd/es/input/TextArea';
import type { CSSProperties, FormEvent } from 'react';
import './styles/auto-text-area.css';

type Props = Omit<TextAreaProps, 'autoSize' | 'rows'> & { minRows: number; maxRows: number };

const sizesByCss =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function'
    ? CSS.supports('field-sizing', 'content')
    : false;

/** Where the browser cannot size the box to its words, it grows as they are typed. */
const growWithInput = (e: FormEvent<HTMLTextAreaElement>) => {
  const box = e.currentTarget;
  box.style.height = 'auto';
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
};

/**
 * antd's TextArea growing with its words between `minRows` and `maxRows`, sized by CSS
 * (`field-sizing: content`, styles/auto-text-area.css) instead of antd's `autoSize`, which
 * measures every box with a hidden copy on mount — a forced layout of the whole page (~240 ms
 * of the tool page's first render at 4× CPU). Browsers without `field-sizing` show `minRows`
 * rows and grow on input.
 */
export const AutoTextArea = ({ minRows, maxRows, className, style, onInput, ...rest }: Props) => (
  <TextArea
    {...rest}
    rows={minRows}
    className={`hj-auto-text${className ? ` ${className}` : ''}`}
    style={{ ...style, '--hj-rows-min': minRows, '--hj-rows-max': maxRows } as CSSProperties}
    onInput={(e) => {
      if (!sizesByCss) growWithInput(e);
      onInput?.(e);
    }}
  />
);
