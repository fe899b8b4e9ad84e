/**
 * The string trees that load with their area, not with the entry: a screen of the area imports
 * its registration (src/locales/areas/*.ts). Every other key of zh-CN (the shell's: header,
 * footer, tool cards, help menu, first-hour notes) rides in `virtual:locale/shell`.
 */
export const areaKeys = [
  'editor',
  'results',
  'editing',
  'generation',
  'uploads',
  'mobile',
  'works',
  'assistant',
  'commerce',
  'community',
  'models',
] as const;
