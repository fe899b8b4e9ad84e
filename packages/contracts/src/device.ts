// Plain (no zod): the web's first load and the server's shell choice both use it.

const MOBILE_UA =
  /Android|webOS|iPhone|iPod|iPad|BlackBerry|IEMobile|Opera Mini|Windows Phone|HarmonyOS|OpenHarmony|Mobile|MicroMessenger.*Mobile/i;

/**
 * A phone or tablet by its user agent. The redirect rules of spec §2 hinge on this (the web's
 * startup), and so does which prerendered first screen the server sends (http/web-app.ts).
 */
export const isMobileUserAgent = (userAgent: string): boolean => MOBILE_UA.test(userAgent);
