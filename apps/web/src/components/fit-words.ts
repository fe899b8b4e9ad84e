import { useLayoutEffect } from 'react';

/** Whether the browser sizes a text box to its words by CSS (`field-sizing: content`). */
export const sizesByCss =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function'
    ? CSS.supports('field-sizing', 'content')
    : false;

/** Where the browser cannot size the box to its words, its height follows them by script. */
export const fitWords = (box: HTMLTextAreaElement) => {
  box.style.height = 'auto';
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
};

/**
 * Keeps a text box fitted to a `value` set from outside (a suggestion chip, 给我灵感) where CSS
 * cannot size it. Not on a box that is empty and was never fitted: it has its rows, and reading
 * would force a layout. A box emptied after growing shrinks back.
 */
export const useFitWords = (box: () => HTMLTextAreaElement | null | undefined, value: unknown) => {
  useLayoutEffect(() => {
    const element = box();
    if (!sizesByCss && element && (element.value !== '' || element.style.height !== '')) {
      fitWords(element);
    }
    // Only a new value can change the words; `box` reads a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
};
