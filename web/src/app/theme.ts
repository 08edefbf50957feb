import { alpha, createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { LanguageCode } from '@tagtrack/contract';
import { loadedMuiLocale } from '../lib/i18n';

const primary = '#0b6285';
const ink = '#17212b';

/** One calm blue-teal theme for the whole console: rounded surfaces, quiet borders, clear type. */
const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: primary, light: '#3a87a6', dark: '#07465f', contrastText: '#ffffff' },
    secondary: { main: '#2a9d8f', contrastText: '#ffffff' },
    background: { default: '#f3f6f9', paper: '#ffffff' },
    text: { primary: ink, secondary: '#566573' },
    divider: '#e3e8ee',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", "Roboto", "Helvetica Neue", "Noto Sans", Arial, sans-serif',
    h1: { fontSize: '1.625rem', fontWeight: 650, letterSpacing: '-0.01em', lineHeight: 1.25 },
    h2: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.35 },
    h3: { fontSize: '1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    overline: { fontWeight: 600, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8, paddingInline: 16 } },
    },
    MuiPaper: {
      styleOverrides: { rounded: { borderRadius: 14 } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: {
        root: { borderColor: '#e3e8ee', boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04)' },
      },
    },
    MuiCardHeader: {
      // Card titles are real <h2>s under the page's <h1> (the slot's type only admits its default span).
      defaultProps: { slotProps: { title: { variant: 'h2', component: 'h2' as 'span' } } },
      styleOverrides: { root: { paddingBottom: 8 } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: { backgroundColor: '#ffffff', borderBottom: '1px solid #e3e8ee' },
      },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          marginInline: 8,
          '&.Mui-selected': {
            backgroundColor: alpha(primary, 0.1),
            color: primary,
            '& .MuiListItemIcon-root': { color: primary },
            '&:hover': { backgroundColor: alpha(primary, 0.14) },
          },
        },
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 38 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiDialogTitle: { defaultProps: { component: 'h2' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    // Every tab bar scrolls with arrows where its tabs do not fit (a phone), rather than clipping.
    MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
  },
};

export const theme = createTheme(themeOptions);

const themes = new Map<LanguageCode, Theme>();

/**
 * The console's theme speaking `language`: MUI's own texts (aria labels of pagination, alerts,
 * autocompletes, breadcrumbs) come from MUI's locale pack for that language.
 */
export function themeFor(language: LanguageCode): Theme {
  let localized = themes.get(language);
  if (!localized) {
    const pack = loadedMuiLocale(language);
    localized = createTheme(themeOptions, pack ?? {});
    // Without its pack (not loaded: see lib/i18n.ts) the theme is not kept, so it is made again with it.
    if (pack) themes.set(language, localized);
  }
  return localized;
}
