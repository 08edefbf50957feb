// npm run i18n:check: every locale has exactly the English keys (a plural family in the plural
// categories of its own language), none empty, none left in English unless allowlisted, and the
// English validation messages match the contract's. It first proves on fixtures that it catches
// each of these faults (i18n-check-self-test.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';
import { checkLanguage, flatten } from './i18n-check-lib.mjs';
import { SAME_IN_EVERY_LANGUAGE, SAME_IN_LANGUAGE } from './i18n-allowlist.mjs';
import { selfTest } from './i18n-check-self-test.mjs';

const LANGUAGES = ['en', 'cs', 'de', 'es', 'fr', 'it', 'nl', 'hu', 'pl', 'no', 'sk', 'tr', 'sv', 'da'];
const dir = path.join(root, 'web', 'public', 'locales');
const problems = selfTest().map((p) => `self-test: ${p}`);

const cache = new Map();
function load(lng, ns) {
  const file = path.join(dir, lng, `${ns}.json`);
  if (!cache.has(file)) {
    if (!existsSync(file)) cache.set(file, null);
    else {
      try {
        cache.set(file, flatten(JSON.parse(readFileSync(file, 'utf8'))));
      } catch (error) {
        problems.push(`${lng}/${ns}.json: not valid JSON (${error.message})`);
        cache.set(file, new Map());
      }
    }
  }
  return cache.get(file);
}

const allowedKeys = new Map(); // 'lng ns:key' → the allowlisted value
for (const [lng, words] of Object.entries(SAME_IN_LANGUAGE)) {
  for (const [value, { keys }] of Object.entries(words))
    for (const key of keys) allowedKeys.set(`${lng} ${key}`, value);
}
const used = new Set();
function allowed(lng, ns, key, value) {
  const id = `${ns}:${key}`;
  if (id in SAME_IN_EVERY_LANGUAGE) return true;
  if (allowedKeys.get(`${lng} ${id}`) !== value) return false;
  used.add(`${lng} ${id}`);
  return true;
}

const namespaces = existsSync(path.join(dir, 'en'))
  ? readdirSync(path.join(dir, 'en'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
  : [];
if (namespaces.length === 0) problems.push('no English namespaces found');

for (const lng of LANGUAGES) {
  if (!existsSync(path.join(dir, lng))) {
    problems.push(`${lng}: locale folder missing`);
    continue;
  }
  problems.push(...checkLanguage({ lng, namespaces, load, allowed, files: readdirSync(path.join(dir, lng)) }));
}
// An allowlist entry that no longer matches keeps nothing legitimate: drop it.
for (const id of allowedKeys.keys()) if (!used.has(id)) problems.push(`allowlist: ${id} is no longer needed`);

// The contract's validation messages are the English source of the validation namespace.
const messagesSource = readFileSync(path.join(root, 'contract', 'src', 'common', 'messages.ts'), 'utf8');
const enValidation = load('en', 'validation') ?? new Map();
const body = messagesSource.slice(messagesSource.indexOf('{'), messagesSource.indexOf('} as const'));
for (const match of body.matchAll(/^\s*([A-Za-z]+):\s*\n?\s*(['"])((?:\\.|(?!\2).)*)\2,/gms)) {
  const [, key, , text] = match;
  const expected = text.replace(/\\(['"])/g, '$1');
  if (enValidation.get(key) !== expected) problems.push(`en/validation: ${key} should read "${expected}"`);
}

if (problems.length) {
  process.stderr.write(
    `i18n check failed (${problems.length}):\n${problems
      .slice(0, 200)
      .map((p) => `  ${p}`)
      .join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write(`i18n check: ${LANGUAGES.length} locales × ${namespaces.length} namespaces complete\n`);
