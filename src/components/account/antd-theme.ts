import type { ThemeConfig } from 'antd';

/**
 * The account area's antd theme: the storefront's colours. Its styles are one static stylesheet,
 * `antd-account.css`, generated from this theme by `npm run gen:antd-css` (ADR 0095): the account
 * pages render antd in its zero-runtime mode, so no page computes or carries antd's styles.
 * Class names are not hashed and the CSS variables hang under one fixed key, so the stylesheet and the
 * components agree without a render.
 */
export const ACCOUNT_ANTD_THEME = {
  token: { colorPrimary: '#1f6feb', colorLink: '#175fd0', colorError: '#cf1322', borderRadius: 6, fontFamily: 'inherit' },
  hashed: false,
  cssVar: { key: 'reagent-account' },
} as const satisfies ThemeConfig;
