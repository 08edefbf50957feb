// npm run i18n:check: every locale has exactly the English keys, none empty, and the English
// validation messages match the contract's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const LANGUAGES = ['en', 'cs', 'de', 'es', 'fr', 'it', 'nl', 'hu', 'pl', 'no', 'sk', 'tr', 'sv', 'da'];
const dir = path.join(root, 'web', 'public', 'locales');
const problems = [];

function flatten(value, prefix = '', out = new Map()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(lng, ns) {
  const file = path.join(dir, lng, `${ns}.json`);
  if (!existsSync(file)) return null;
  try {
    return flatten(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    problems.push(`${lng}/${ns}.json: not valid JSON (${error.message})`);
    return new Map();
  }
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
  const extraFiles = readdirSync(path.join(dir, lng)).filter((f) => !namespaces.includes(f.replace(/\.json$/, '')));
  for (const f of extraFiles) problems.push(`${lng}/${f}: namespace not in English`);
  for (const ns of namespaces) {
    const en = load('en', ns);
    const other = load(lng, ns);
    if (!other) {
      problems.push(`${lng}/${ns}.json: missing`);
      continue;
    }
    for (const key of en.keys()) {
      if (!other.has(key)) problems.push(`${lng}/${ns}: missing key ${key}`);
      else if (typeof other.get(key) !== 'string' || other.get(key).trim() === '')
        problems.push(`${lng}/${ns}: empty value for ${key}`);
    }
    for (const key of other.keys()) if (!en.has(key)) problems.push(`${lng}/${ns}: extra key ${key}`);
  }
}

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
