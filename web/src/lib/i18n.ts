import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Localization } from '@mui/material/locale';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@tagtrack/contract';
import { localeBundleBackend } from './locale-bundles';
import { LANGUAGE_LOCALES, type MuiLocaleName } from './locales/language-locales';

/** One namespace per area; English is the source, the other 13 locales carry the same keys. */
export const NAMESPACES = [
  'common',
  'auth',
  'profile',
  'settings',
  'errors',
  'validation',
  'menu',
  'announcements',
  'locations',
  'locationFiles',
  'encodings',
  'categories',
  'products',
  'items',
  'imports',
  'users',
  'groups',
  'passwordReset',
  'outbox',
  'readers',
  'readerConfigurations',
  'tracking',
  'inventory',
  'inventorySessions',
  'reports',
  'reportSchedule',
  'sensors',
  'events',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

let muiPackOf: ((name: MuiLocaleName) => Localization) | undefined;

/** Loads MUI's locale packs (one chunk for all languages) unless `language` is English, which needs none. */
async function loadMuiLocales(language: LanguageCode): Promise<void> {
  if (language === DEFAULT_LANGUAGE || muiPackOf) return;
  try {
    muiPackOf = (await import('./locales/mui-locales')).muiLocalePack;
  } catch {
    // MUI's few own texts (pagination, close buttons) stay English; the console's are translated.
  }
}

/**
 * MUI's own texts in `language` for the theme: an empty pack for English (MUI's default),
 * undefined while the packs are not loaded (initI18n and changeLanguage load them first).
 */
export function loadedMuiLocale(language: LanguageCode): Localization | undefined {
  return language === DEFAULT_LANGUAGE ? {} : muiPackOf?.(LANGUAGE_LOCALES[language].mui);
}

/**
 * Starts i18next: a language's namespaces are fetched in one file (/locales/<lng>.json, made from
 * web/public/locales) unless `resources` are given (tests). English is the default and the fallback.
 */
export async function initI18n(options: { language?: LanguageCode; resources?: Resource } = {}) {
  const instance = i18next.use(initReactI18next);
  if (!options.resources) instance.use(localeBundleBackend);
  const muiLoaded = loadMuiLocales(options.language ?? DEFAULT_LANGUAGE);
  await instance.init({
    lng: options.language ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    ...(options.resources ? { resources: options.resources } : {}),
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  await muiLoaded;
  const syncDocumentLanguage = (lng: string) => document.documentElement.setAttribute('lang', lng);
  syncDocumentLanguage(instance.language);
  instance.on('languageChanged', syncDocumentLanguage);
  return instance;
}

/**
 * Switches the interface language; resolves once its translations and MUI's pack are loaded. Both
 * are fetched before i18next switches, so the theme re-renders in the new language at once.
 */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  if (i18next.language === language) return;
  await Promise.all([loadMuiLocales(language), i18next.loadLanguages(language)]);
  await i18next.changeLanguage(language);
}
