import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers for the API and the SPA shell. The CSP allows only our own scripts; inline
 * styles are needed by antd's CSS-in-JS; images may be data: or blob: URLs (uploads, canvas
 * previews in the editor). Engines are reached by the server, never by the browser, so connect
 * stays 'self' (plus blob: for pictures the page itself holds). No upgrade-insecure-requests: a single-machine install may be plain HTTP on a LAN.
 */
export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // blob: — the panorama viewer reads a picture chosen on this device with fetch(blob:).
      connectSrc: ["'self'", 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  // Generated images and videos are served to the page itself; cross-origin embedding is not used.
  crossOriginResourcePolicy: { policy: 'same-origin' },
};
