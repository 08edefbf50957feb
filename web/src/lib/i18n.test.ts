import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, LANGUAGE_CODES, UNKNOWN_ERROR_MESSAGE, VALIDATION_MESSAGES } from '@tagtrack/contract';
import { NAMESPACES } from './i18n';

type Locale = Record<string, string>;
const files = import.meta.glob<{ default: Locale }>('../../public/locales/*/*.json', { eager: true });

function locale(lng: string, ns: string): Locale {
  const file = files[`../../public/locales/${lng}/${ns}.json`];
  if (!file) throw new Error(`Missing locale file ${lng}/${ns}.json`);
  return file.default;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a locale must have, each with the English key it translates: a plural family of
 * English (`x_one`, `x_other`) takes the plural categories of the locale's own language.
 */
function localeKeys(englishKeys: string[], lng: string): Map<string, string> {
  const keys = new Map<string, string>();
  const families = new Set(englishKeys.filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL, '')));
  for (const key of englishKeys) if (!families.has(key.replace(PLURAL, ''))) keys.set(key, key);
  for (const base of families) {
    for (const category of new Intl.PluralRules(lng).resolvedOptions().pluralCategories) {
      const own = `${base}_${category}`;
      keys.set(own, englishKeys.includes(own) ? own : `${base}_other`);
    }
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('exist for the 14 languages and the namespaces, and nothing else', () => {
    const expected = LANGUAGE_CODES.flatMap((lng) => NAMESPACES.map((ns) => `../../public/locales/${lng}/${ns}.json`));
    expect(Object.keys(files).sort()).toEqual(expected.sort());
  });

  it.each(LANGUAGE_CODES.filter((lng) => lng !== 'en'))(
    '%s has exactly the English keys (plurals in its own forms), none empty',
    (lng) => {
      for (const ns of NAMESPACES) {
        const en = locale('en', ns);
        const other = locale(lng, ns);
        const expected = localeKeys(Object.keys(en), lng);
        expect(Object.keys(other).sort(), `${lng}/${ns}`).toEqual([...expected.keys()].sort());
        for (const [key, value] of Object.entries(other)) {
          expect(typeof value === 'string' && value.trim() !== '', `${lng}/${ns}:${key}`).toBe(true);
          expect(placeholders(value), `${lng}/${ns}:${key}`).toEqual(placeholders(en[expected.get(key) ?? key] ?? ''));
        }
      }
    },
  );

  it('English validation messages are the contract’s, word for word', () => {
    expect(locale('en', 'validation')).toEqual(VALIDATION_MESSAGES);
  });

  it('English error messages are the contract’s, plus the unknown message', () => {
    const errors = locale('en', 'errors');
    for (const [type, { message }] of Object.entries(ERROR_TYPES)) expect(errors[type]).toBe(message);
    expect(errors.unknown).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
