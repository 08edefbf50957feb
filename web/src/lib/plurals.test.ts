import { describe, expect, it } from 'vitest';
import { createInstance, type Resource } from 'i18next';
import { LANGUAGE_CODES } from '@tagtrack/contract';

type Locale = Record<string, string>;
const files = import.meta.glob<{ default: Locale }>('../../public/locales/*/*.json', { eager: true });

const resources: Resource = {};
for (const [path, module] of Object.entries(files)) {
  const [, lng = '', ns = ''] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  resources[lng] = { ...resources[lng], [ns]: module.default };
}

/** An i18next instance set up as the console's (JSON v4 plural suffixes), on the real locale files. */
async function translator(lng: string) {
  const instance = createInstance();
  await instance.init({ lng, fallbackLng: false, resources, interpolation: { escapeValue: false } });
  // Keys here are built at run time, so the compile-time key check does not apply.
  return instance.t as unknown as (key: string, options?: Record<string, unknown>) => string;
}

const families = Object.keys(resources.en?.locations as Locale)
  .filter((key) => key.endsWith('_other'))
  .map((key) => key.replace(/_other$/, ''));

describe('plural forms', () => {
  it('the location counts read naturally in English, Polish and Czech', async () => {
    const en = await translator('en');
    expect(en('locations:itemCount', { count: 1 })).toBe('1 item');
    expect(en('locations:itemCount', { count: 2 })).toBe('2 items');
    const pl = await translator('pl');
    expect([1, 2, 5, 22, 25].map((count) => pl('locations:itemCount', { count }))).toEqual([
      '1 artykuł',
      '2 artykuły',
      '5 artykułów',
      '22 artykuły',
      '25 artykułów',
    ]);
    const cs = await translator('cs');
    expect([1, 3, 5].map((count) => cs('locations:productCount', { count }))).toEqual([
      '1 produkt',
      '3 produkty',
      '5 produktů',
    ]);
  });

  it('a reader type with one antenna says so in the singular', async () => {
    const en = await translator('en');
    expect(en('readerConfigurations:antennasHelp', { count: 1 })).toMatch(/^This reader type has 1 antenna:/);
    expect(en('readerConfigurations:antennasHelp', { count: 4 })).toMatch(/^This reader type has 4 antennas:/);
    const pl = await translator('pl');
    expect(pl('readerConfigurations:antennasHelp', { count: 1 })).toMatch(/ma 1 antenę:/);
    expect(pl('readerConfigurations:antennasHelp', { count: 5 })).toMatch(/ma 5 anten:/);
  });

  it.each(LANGUAGE_CODES)('every plural family of %s answers every count with its number', async (lng) => {
    const t = await translator(lng);
    const allFamilies = Object.entries(resources.en ?? {}).flatMap(([ns, keys]) =>
      Object.keys(keys as Locale)
        .filter((key) => key.endsWith('_other'))
        .map((key) => `${ns}:${key.replace(/_other$/, '')}`),
    );
    expect(allFamilies.length).toBeGreaterThan(families.length);
    for (const key of allFamilies) {
      for (const count of [0, 1, 2, 3, 5, 22, 1_000_000, 1.5]) {
        const text = t(key, { count });
        expect(text, `${lng} ${key} ${count}`).not.toContain(key.split(':')[1]);
        expect(text, `${lng} ${key} ${count}`).toContain(String(count));
      }
    }
  });
});
