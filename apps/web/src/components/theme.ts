import type { ConfigProviderProps, ThemeConfig } from 'antd';

/** Brand palette: a deep architectural indigo with a cool cyan accent. */
export const brand = {
  primary: '#4f46e5',
  primaryDeep: '#3730a3',
  accent: '#06b6d4',
  ink: '#0f172a',
};

export const fontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"WenQuanYi Zen Hei"',
  '"Noto Sans CJK SC"',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

export const theme: ThemeConfig = {
  cssVar: false,
  hashed: false,
  token: {
    colorPrimary: brand.primary,
    colorInfo: brand.primary,
    colorLink: brand.primary,
    colorSuccess: '#10b981',
    colorWarning: '#f59e0b',
    colorError: '#ef4444',
    colorTextBase: brand.ink,
    colorBgLayout: '#f6f7fb',
    borderRadius: 10,
    borderRadiusLG: 16,
    borderRadiusSM: 6,
    fontFamily,
    fontSize: 14,
    controlHeight: 38,
    controlHeightLG: 46,
    wireframe: false,
  },
  components: {
    Button: { fontWeight: 500, primaryShadow: '0 6px 16px rgba(79, 70, 229, 0.28)' },
    Card: { borderRadiusLG: 16 },
    Tabs: { titleFontSize: 15, titleFontSizeLG: 16 },
    Input: { activeShadow: '0 0 0 3px rgba(79, 70, 229, 0.15)' },
    Modal: { borderRadiusLG: 18 },
  },
};

/** Buttons read 取消, not antd's default 取 消: no space between two Chinese characters. */
export const buttonConfig: ConfigProviderProps['button'] = { autoInsertSpace: false };
