/** A turn of the event loop: lets the page paint and answer input between two pieces of work. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
