// Deep imports: antd's Input index brings Search, Password and OTP with it (it attaches them).
import TextArea, { type TextAreaProps } from 'antd/es/input/TextArea';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, type CSSProperties } from 'react';
import { fitWords, sizesByCss, useFitWords } from './fit-words';
import './styles/auto-text-area.css';

type Props = Omit<TextAreaProps, 'autoSize' | 'rows'> & { minRows: number; maxRows: number };

/**
 * antd's TextArea growing with its words between `minRows` and `maxRows`, sized by CSS
 * (`field-sizing: content`, styles/auto-text-area.css) instead of antd's `autoSize`, which
 * measures every box with a hidden copy on mount — a forced layout of the whole page (~240 ms
 * of the tool page's first render at 4× CPU). Browsers without `field-sizing` show `minRows`
 * rows and fit the words by script as they are typed or set (a suggestion chip, 给我灵感).
 */
export const AutoTextArea = ({ minRows, maxRows, className, style, onInput, ...rest }: Props) => {
  const ref = useRef<TextAreaRef>(null);
  const { value } = rest;
  useFitWords(() => ref.current?.resizableTextArea?.textArea, value);
  return (
    <TextArea
      {...rest}
      ref={ref}
      rows={minRows}
      className={`hj-auto-text${className ? ` ${className}` : ''}`}
      style={{ ...style, '--hj-rows-min': minRows, '--hj-rows-max': maxRows } as CSSProperties}
      onInput={(e) => {
        if (!sizesByCss) fitWords(e.currentTarget);
        onInput?.(e);
      }}
    />
  );
};
