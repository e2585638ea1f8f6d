import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The site's colours (terracotta and ink) on react-admin's default theme. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#b45309', dark: '#7c2d12', contrastText: '#ffffff' },
    secondary: { main: '#1c1917', contrastText: '#ffffff' },
    background: { default: '#fffdf8' },
  },
  typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  shape: { borderRadius: 8 },
};
