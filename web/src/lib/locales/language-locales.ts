import type { LanguageCode } from '@tagtrack/contract';

/**
 * Each console language's locale in the libraries that have their own texts or calendar rules:
 * MUI's components (`@mui/material/locale`), the date pickers (`@mui/x-date-pickers/locales`) and
 * date-fns (week start, month and day names). The one table of them: i18n.ts (with mui-locales.ts) and
 * date-picker-locales.ts look the packs up by these names, so no language can drift between them.
 *
 * English is en-GB for date-fns: the spec's dates are day-first and its times 24-hour (03 §9).
 * Norwegian is Bokmål in every library. Only names here, no packs: MUI's packs load with the first
 * page in a language other than English, the pickers' with the screens that have date pickers.
 */
export const LANGUAGE_LOCALES = {
  cs: { mui: 'csCZ', pickers: 'csCZ', dateFns: 'cs' },
  da: { mui: 'daDK', pickers: 'daDK', dateFns: 'da' },
  de: { mui: 'deDE', pickers: 'deDE', dateFns: 'de' },
  en: { mui: 'enUS', pickers: 'enUS', dateFns: 'enGB' },
  es: { mui: 'esES', pickers: 'esES', dateFns: 'es' },
  fr: { mui: 'frFR', pickers: 'frFR', dateFns: 'fr' },
  hu: { mui: 'huHU', pickers: 'huHU', dateFns: 'hu' },
  it: { mui: 'itIT', pickers: 'itIT', dateFns: 'it' },
  nl: { mui: 'nlNL', pickers: 'nlNL', dateFns: 'nl' },
  no: { mui: 'nbNO', pickers: 'nbNO', dateFns: 'nb' },
  pl: { mui: 'plPL', pickers: 'plPL', dateFns: 'pl' },
  sk: { mui: 'skSK', pickers: 'skSK', dateFns: 'sk' },
  sv: { mui: 'svSE', pickers: 'svSE', dateFns: 'sv' },
  tr: { mui: 'trTR', pickers: 'trTR', dateFns: 'tr' },
} as const satisfies Record<LanguageCode, { mui: string; pickers: string; dateFns: string }>;

type Locales = (typeof LANGUAGE_LOCALES)[LanguageCode];
/** The MUI pack names the table uses: mui-locales.ts must hold exactly these. */
export type MuiLocaleName = Locales['mui'];
/** The date pickers' pack names the table uses. */
export type PickersLocaleName = Locales['pickers'];
/** The date-fns locale names the table uses. */
export type DateFnsLocaleName = Locales['dateFns'];
