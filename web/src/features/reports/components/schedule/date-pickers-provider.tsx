import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from 'date-fns';
import { cs, da, de, enGB, es, fr, hu, it, nb, nl, pl, sk, sv, tr } from 'date-fns/locale';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
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
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@tagtrack/contract';

type PickersPack = typeof enUS;

/**
 * date-fns's locale (week start, month and day names) and the pickers' own texts for each console
 * language. English is en-GB: the spec's dates are day-first and its times 24-hour (03 §9).
 * Norwegian is Bokmål, as in the app's MUI pack. Kept apart from that pack's table
 * (app/mui-locales.ts), keyed by the same languages: that table loads with the first page in a
 * language other than English, this one only with the screens that have date pickers.
 */
const LOCALES: Record<LanguageCode, { dateFns: Locale; pickers: PickersPack }> = {
  cs: { dateFns: cs, pickers: csCZ },
  da: { dateFns: da, pickers: daDK },
  de: { dateFns: de, pickers: deDE },
  en: { dateFns: enGB, pickers: enUS },
  es: { dateFns: es, pickers: esES },
  fr: { dateFns: fr, pickers: frFR },
  hu: { dateFns: hu, pickers: huHU },
  it: { dateFns: it, pickers: itIT },
  nl: { dateFns: nl, pickers: nlNL },
  no: { dateFns: nb, pickers: nbNO },
  pl: { dateFns: pl, pickers: plPL },
  sk: { dateFns: sk, pickers: skSK },
  sv: { dateFns: sv, pickers: svSE },
  tr: { dateFns: tr, pickers: trTR },
};

/**
 * The date pickers' adapter (date-fns) in the console's current language. The app has no
 * picker provider yet, so the schedule components bring their own; a nested provider is harmless
 * once one exists higher up.
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { dateFns, pickers } = LOCALES[language];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateFns}
      localeText={pickers.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
