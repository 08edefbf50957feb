import {
  csCZ,
  daDK,
  deDE,
  enUS,
  esES,
  frFR,
  huHU,
  itIT,
  nbNO,
  nlNL,
  plPL,
  skSK,
  svSE,
  trTR,
  type Localization,
} from '@mui/material/locale';
import type { LanguageCode } from '@tagtrack/contract';

/**
 * MUI's own pack for each console language (Norwegian is Bokmål, nbNO). Where a pack still has
 * English, the gap is filled here: Danish names a pagination page in English. A chunk of its own:
 * lib/i18n.ts loads it before the console first speaks a language other than English.
 */
const PACKS: Record<LanguageCode, Localization> = {
  cs: csCZ,
  da: {
    components: {
      ...daDK.components,
      MuiPagination: {
        defaultProps: {
          ...daDK.components?.MuiPagination?.defaultProps,
          getItemAriaLabel: (type, page, selected) => {
            if (type === 'page') return selected ? `side ${page}` : `Gå til side ${page}`;
            const fallback = daDK.components?.MuiPagination?.defaultProps?.getItemAriaLabel;
            return fallback ? fallback(type, page, selected) : '';
          },
        },
      },
    },
  },
  de: deDE,
  en: enUS,
  es: esES,
  fr: frFR,
  hu: huHU,
  it: itIT,
  nl: nlNL,
  no: nbNO,
  pl: plPL,
  sk: skSK,
  sv: svSE,
  tr: trTR,
};

/** The MUI locale pack of a console language. */
export function muiLocale(language: LanguageCode): Localization {
  return PACKS[language];
}
