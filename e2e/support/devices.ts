// Browser settings shared by the flows and the bench's Chromium trace (no DOM types here, so the
// server's bench can import it).

/** The flags this machine needs (closed network, root, no GPU); see DEVELOPERS.md. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const desktopUA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const mobileUA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export const desktop = { viewport: { width: 1440, height: 900 }, userAgent: desktopUA };
export const mobile = {
  viewport: { width: 390, height: 844 },
  userAgent: mobileUA,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
