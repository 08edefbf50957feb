import i18next, { type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@tagtrack/contract';

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

export const LOCALES_PATH = '/locales/{{lng}}/{{ns}}.json';

/**
 * Starts i18next: locale files are fetched from /locales (web/public/locales) unless `resources`
 * are given (tests). English is the default and the fallback.
 */
export async function initI18n(options: { language?: LanguageCode; resources?: Resource } = {}) {
  const instance = i18next.use(initReactI18next);
  if (!options.resources) instance.use(HttpBackend);
  await instance.init({
    lng: options.language ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    ...(options.resources ? { resources: options.resources } : { backend: { loadPath: LOCALES_PATH } }),
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  const syncDocumentLanguage = (lng: string) => document.documentElement.setAttribute('lang', lng);
  syncDocumentLanguage(instance.language);
  instance.on('languageChanged', syncDocumentLanguage);
  return instance;
}

/** Switches the interface language; resolves once the locale files are loaded. */
export function changeLanguage(language: LanguageCode) {
  return i18next.language === language ? Promise.resolve() : i18next.changeLanguage(language);
}
