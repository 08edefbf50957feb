// Fixtures for the rules of i18n-check-lib.mjs: each planted fault must be reported, and a correct
// locale must pass. Run by npm run i18n:check before it checks the real locales.
import { checkLanguage, flatten } from './i18n-check-lib.mjs';

const EN = {
  title: 'Items',
  intro: 'Choose the locations to count.',
  code: 'EPC',
  total: '{{count}}',
  itemCount_one: '{{count}} item',
  itemCount_other: '{{count}} items',
};
const GOOD_PL = {
  title: 'Artykuły',
  intro: 'Wybierz lokalizacje do policzenia.',
  code: 'EPC',
  total: '{{count}}',
  itemCount_one: '{{count}} artykuł',
  itemCount_few: '{{count}} artykuły',
  itemCount_many: '{{count}} artykułów',
  itemCount_other: '{{count}} artykułu',
};

function run(lng, locale) {
  const files = { en: flatten(EN), [lng]: flatten(locale) };
  return checkLanguage({
    lng,
    namespaces: ['fixture'],
    load: (l) => files[l] ?? null,
    allowed: (_lng, _ns, key) => key === 'code',
  });
}

const CASES = [
  ['a complete Polish locale', 'pl', GOOD_PL, []],
  ['a missing key', 'pl', { ...GOOD_PL, title: undefined }, ['pl/fixture: missing key title']],
  ['an empty value', 'pl', { ...GOOD_PL, title: ' ' }, ['pl/fixture: empty value for title']],
  ['English left as is', 'pl', { ...GOOD_PL, title: 'Items' }, ['pl/fixture: title is still English: "Items"']],
  [
    'an English sentence inside',
    'pl',
    { ...GOOD_PL, intro: 'Wybierz: Choose the locations to count.' },
    ['pl/fixture: intro keeps the English "Choose the locations to count."'],
  ],
  [
    'a plural family in the English categories only',
    'pl',
    { ...GOOD_PL, itemCount_few: undefined, itemCount_many: undefined },
    ['pl/fixture: missing key itemCount_few', 'pl/fixture: missing key itemCount_many'],
  ],
  [
    'a plural category the language does not have',
    'de',
    { ...GOOD_PL, itemCount_few: undefined, itemCount_many: undefined, itemCount_two: 'zwei' },
    ['de/fixture: extra key itemCount_two'],
  ],
  [
    'an untranslated plural form (compared with English other)',
    'pl',
    { ...GOOD_PL, itemCount_many: '{{count}} items' },
    ['pl/fixture: itemCount_many is still English: "{{count}} items"'],
  ],
];

/** Runs the fixtures; returns what went wrong (nothing when the rules hold). */
export function selfTest() {
  const failures = [];
  for (const [name, lng, locale, expected] of CASES) {
    const clean = Object.fromEntries(Object.entries(locale).filter(([, v]) => v !== undefined));
    const got = run(lng, clean);
    if (JSON.stringify(got) !== JSON.stringify(expected))
      failures.push(`${name}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
  }
  return failures;
}
