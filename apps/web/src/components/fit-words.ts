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
