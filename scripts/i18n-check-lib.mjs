// The rules of npm run i18n:check, kept apart from the file system so the self-test can feed them
// fixtures. Plain Node, no dependencies.

/** i18next's plural suffixes (JSON v4): a key `x_one` / `x_other` is the plural family `x`. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_SUFFIX = new RegExp(`_(${PLURAL_CATEGORIES.join('|')})$`);

/** The plural categories i18next asks for in this language (it uses Intl.PluralRules too). */
export function pluralCategories(lng) {
  return new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
}

/** Flattens nested namespaces to dotted keys. */
export function flatten(value, prefix = '', out = new Map()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** The plural families of the English file: base key → the English keys of that family. */
function pluralFamilies(en) {
  const families = new Map();
  for (const key of en.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const base = key.slice(0, -match[0].length);
    if (!en.has(`${base}_other`)) continue;
    families.set(base, [...(families.get(base) ?? []), key]);
  }
  return families;
}

/** The keys a locale must have: English's, with every plural family spelled in its categories. */
export function expectedKeys(en, lng) {
  const families = pluralFamilies(en);
  const expected = new Map();
  const categories = pluralCategories(lng);
  for (const key of en.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, -match[0].length) : null;
    if (base !== null && families.has(base)) continue;
    expected.set(key, key);
  }
  for (const base of families.keys()) {
    // A category English lacks (few, many) is compared with English's general form.
    for (const category of categories) {
      const own = `${base}_${category}`;
      expected.set(own, en.has(own) ? own : `${base}_other`);
    }
  }
  return expected;
}

/** The text of a value without its placeholders ({{count}}, $t(...)), trimmed. */
function words(value) {
  return value
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .trim();
}
const hasLetters = (text) => /\p{L}/u.test(text);

/** English sentences (three words or more) inside a value: what a half-translated value keeps. */
function englishSentences(english) {
  return english
    .split(/\{\{[^}]*\}\}/)
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment.split(/\s+/).filter(hasLetters).length >= 3);
}

/**
 * Checks one language of every namespace against English. `load(lng, ns)` returns the flattened
 * file or null; `allowed(lng, ns, key, value)` says whether a value equal to English is legitimate.
 */
export function checkLanguage({ lng, namespaces, load, allowed, files = [] }) {
  const problems = [];
  for (const f of files) {
    if (!namespaces.includes(f.replace(/\.json$/, ''))) problems.push(`${lng}/${f}: namespace not in English`);
  }
  for (const ns of namespaces) {
    const en = load('en', ns);
    const other = load(lng, ns);
    if (!other) {
      problems.push(`${lng}/${ns}.json: missing`);
      continue;
    }
    const expected = lng === 'en' ? new Map([...en.keys()].map((k) => [k, k])) : expectedKeys(en, lng);
    for (const [key, englishKey] of expected) {
      const value = other.get(key);
      if (!other.has(key)) {
        problems.push(`${lng}/${ns}: missing key ${key}`);
        continue;
      }
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${lng}/${ns}: empty value for ${key}`);
        continue;
      }
      if (lng === 'en') continue;
      const english = en.get(englishKey);
      if (typeof english !== 'string' || !hasLetters(words(english))) continue;
      if (value === english) {
        if (!allowed(lng, ns, key, value)) problems.push(`${lng}/${ns}: ${key} is still English: "${value}"`);
        continue;
      }
      const left = englishSentences(english).find((sentence) => value.includes(sentence));
      if (left) problems.push(`${lng}/${ns}: ${key} keeps the English "${left}"`);
    }
    for (const key of other.keys()) if (!expected.has(key)) problems.push(`${lng}/${ns}: extra key ${key}`);
  }
  return problems;
}
