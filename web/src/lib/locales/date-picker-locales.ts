import type { Locale } from 'date-fns';
import { cs, da, de, enGB, es, fr, hu, it, nb, nl, pl, sk, sv, tr } from 'date-fns/locale';
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
} from '@mui/x-date-pickers/locales';
import type { LanguageCode } from '@tagtrack/contract';
import { LANGUAGE_LOCALES, type DateFnsLocaleName, type PickersLocaleName } from './language-locales';

type PickersPack = typeof enUS;

/** The packs by their library's name; which language takes which is language-locales.ts's to say. */
const DATE_FNS: Record<DateFnsLocaleName, Locale> = { cs, da, de, enGB, es, fr, hu, it, nb, nl, pl, sk, sv, tr };
const PICKERS: Record<PickersLocaleName, PickersPack> = {
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
};

/** date-fns's locale and the date pickers' own texts for a console language. */
export function datePickerLocale(language: LanguageCode): { dateFns: Locale; pickers: PickersPack } {
  const names = LANGUAGE_LOCALES[language];
  return { dateFns: DATE_FNS[names.dateFns], pickers: PICKERS[names.pickers] };
}
