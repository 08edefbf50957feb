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
import type { MuiLocaleName } from './language-locales';

/**
 * MUI's own packs by name (which language takes which: language-locales.ts). Where a pack still has
 * English, the gap is filled here: Danish names a pagination page in English. A chunk of its own:
 * lib/i18n.ts loads it before the console first speaks a language other than English.
 */
const PACKS: Record<MuiLocaleName, Localization> = {
  csCZ,
  daDK: {
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
  deDE,
  enUS,
  esES,
  frFR,
  huHU,
  itIT,
  nlNL,
  nbNO,
  plPL,
  skSK,
  svSE,
  trTR,
};

/**
 * The MUI locale pack of that name; lib/i18n.ts names it from the language table, which the first
 * page has loaded already (imported here, the table would be one more request of its own).
 */
export function muiLocalePack(name: MuiLocaleName): Localization {
  return PACKS[name];
}
