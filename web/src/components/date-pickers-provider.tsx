import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@tagtrack/contract';
import { datePickerLocale } from '../lib/locales/date-picker-locales';

/**
 * The date pickers' adapter (date-fns) in the console's current language. The app has no
 * picker provider yet, so the components with pickers bring their own; a nested provider is harmless
 * once one exists higher up.
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { dateFns, pickers } = datePickerLocale(language);
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
