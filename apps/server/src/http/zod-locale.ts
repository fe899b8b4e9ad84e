import { z } from 'zod';

let applied = false;

/**
 * Validation messages reach users through the envelope, so they are zh-CN (the product's primary
 * language). zod's config is process-wide; this is the one place that sets it.
 */
export const useChineseValidationMessages = (): void => {
  if (applied) return;
  z.config(z.locales.zhCN());
  applied = true;
};
