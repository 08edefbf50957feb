import { describe, expect, it } from 'vitest';
import { nb } from 'date-fns/locale';
import { nbNO as pickersNbNO } from '@mui/x-date-pickers/locales';
import { enUS, nbNO } from '@mui/material/locale';
import { LANGUAGE_CODES, type LanguageCode } from '@tagtrack/contract';
import { datePickerLocale } from './date-picker-locales';
import { LANGUAGE_LOCALES } from './language-locales';
import { muiLocalePack } from './mui-locales';

const muiLocale = (language: LanguageCode) => muiLocalePack(LANGUAGE_LOCALES[language].mui);

describe('each language’s locales (one table for MUI, the date pickers and date-fns)', () => {
  it('gives every console language a pack in each library', () => {
    for (const language of LANGUAGE_CODES) {
      // English is MUI's own default: its pack is empty.
      if (language !== 'en') expect(muiLocale(language).components, language).toBeDefined();
      const { dateFns, pickers } = datePickerLocale(language);
      expect(dateFns.code, language).toBeTruthy();
      expect(pickers.components.MuiLocalizationProvider.defaultProps.localeText, language).toBeDefined();
    }
  });

  it('takes Bokmål for Norwegian in every library, and day-first English for dates', () => {
    expect(muiLocale('no')).toBe(nbNO);
    expect(muiLocale('en')).toBe(enUS);
    expect(datePickerLocale('no')).toEqual({ dateFns: nb, pickers: pickersNbNO });
    expect(datePickerLocale('en').dateFns.code).toBe('en-GB');
  });
});
