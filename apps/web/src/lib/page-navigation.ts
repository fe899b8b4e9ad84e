/**
 * Full-page navigation in one object, so sign-in and sign-out can be tested without leaving
 * jsdom (tests spy on these methods).
 */
export const pageNavigation = {
  reload: (): void => window.location.reload(),
  assign: (url: string): void => window.location.assign(url),
  replace: (url: string): void => window.location.replace(url),
};

/** A same-site path to return to, or undefined for anything that would leave the site. */
export const safeReturnPath = (target: string | null | undefined): string | undefined => {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return undefined;
  return target;
};
