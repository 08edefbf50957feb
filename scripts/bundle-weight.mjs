// node scripts/bundle-weight.mjs [--check] [--budget=170] [--shell=app] [--page=login-page] [--dist=web/dist]
//   (the item list, signed in: --shell=app,app-layout --page=item-tracking-page)
//
// What the console's first page costs in JavaScript, read from the build (web/dist): the entry
// script of index.html and its modulepreload links (what the browser fetches before it runs a
// line), then the chunks the entry asks for as it starts (web/src/main.tsx): the shell (app-*.js)
// and the first route's lazy page (login-page-*.js), with what they import beyond the preload.
// Each file's size as served and gzipped (level 9), in kB of 1,000 bytes.
//
// It also follows the static imports of the entry: a chunk imported but not preloaded is fetched
// one round trip late, a chunk preloaded but not imported is fetched for nothing; both are listed.
//
// --check: exits 1 when the preloaded JavaScript exceeds the budget (170 kB gzipped), or the
// preload list and the entry's imports disagree. npm test runs it after building the console.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const BUDGET_KB = Number(args.budget ?? 170);
const SHELL = String(args.shell ?? 'app').split(',');
const PAGE = String(args.page ?? 'login-page');
const dist = args.dist ? path.resolve(String(args.dist)) : path.join(root, 'web', 'dist');

const sizes = new Map();
/** The file's size as served and gzipped, by its path under dist ("assets/x.js"). */
function sizeOf(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(path.join(dist, file));
    sizes.set(file, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  return sizes.get(file);
}

// Static imports and re-exports as the minifier writes them: import{a as b}from"./x.js", import"./x.js".
// Dynamic imports are written import(`./x.js`) and do not match.
const STATIC_IMPORT =
  /\b(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+\s*|\{[^}]*\}\s*)?(?:from\s*)?"(\.\/[^"]+\.js)"/g;

/** The chunks `file` imports statically, transitively, itself included (paths under dist). */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) {
    staticClosure(path.posix.join(path.posix.dirname(file), match[1]), seen);
  }
  return seen;
}

/** The entry scripts and modulepreload links of index.html, in document order. */
export function readIndex(html) {
  const href = (tag) => tag.match(/\b(?:src|href)="\/?([^"]+)"/)?.[1];
  const entries = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>/g)].map((m) => href(m[0]));
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => href(m[0]));
  const styles = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => href(m[0]));
  return { entries: entries.filter(Boolean), preloads: preloads.filter(Boolean), styles: styles.filter(Boolean) };
}

/** A chunk's name: its file name without the hash rolldown adds ("login-page" of login-page-D2KpuoFo.js). */
const chunkName = (file) => path.posix.basename(file).replace(/-[\w-]{8}\.js$/, '');

/** The first page's weight: what index.html loads, what the entry imports, what the shell and page add. */
export function firstPageWeight(shell = SHELL, page = PAGE) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const { entries, preloads, styles } = readIndex(html);
  const initial = [...new Set([...entries, ...preloads])];
  const imported = new Set(entries.flatMap((entry) => [...staticClosure(entry)]));
  const notPreloaded = [...imported].filter((file) => !initial.includes(file));
  const notImported = initial.filter((file) => !imported.has(file));
  const lazyChunks = [...imported]
    .flatMap((file) => [...readFileSync(path.join(dist, file), 'utf8').matchAll(/import\(`\.\/([^`]+\.js)`\)/g)])
    .map((m) => `assets/${m[1]}`);
  const shellChunks = shell.map((name) => lazyChunks.find((file) => chunkName(file) === name));
  const pageChunk = lazyChunks.find((file) => chunkName(file) === page);
  const added = new Set(
    [...shellChunks, pageChunk]
      .flatMap((chunk) => (chunk ? [...staticClosure(chunk)] : []))
      .filter((file) => !imported.has(file)),
  );
  const total = (files) => files.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  return {
    initial,
    styles,
    notPreloaded,
    notImported,
    shell,
    shellChunks,
    page,
    pageChunk,
    pageFiles: [...added],
    initialGzip: total(initial),
    pageGzip: total([...added]),
    sizeOf,
  };
}

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(7);

function print(weight) {
  const row = (file) => {
    const { raw, gzip } = weight.sizeOf(file);
    return `${kB(gzip)} ${kB(raw)}  ${file}`;
  };
  const byWeight = (files) => [...files].sort((a, b) => weight.sizeOf(b).gzip - weight.sizeOf(a).gzip);
  process.stdout.write(`  gzip     raw  (kB)  the entry and its modulepreloads (web/dist/index.html)\n`);
  for (const file of byWeight(weight.initial)) process.stdout.write(`${row(file)}\n`);
  process.stdout.write(`${kB(weight.initialGzip)}          preloaded JavaScript, ${weight.initial.length} files\n\n`);
  const shell = weight.shell.filter((_name, i) => weight.shellChunks[i]);
  const asked = [
    shell.length > 0 && `the shell (${shell.join(', ')})`,
    weight.pageChunk && `the page (${weight.page})`,
  ];
  process.stdout.write(`  then what the entry asks for as it starts: ${asked.filter(Boolean).join(' and ')}\n`);
  for (const file of byWeight(weight.pageFiles)) process.stdout.write(`${row(file)}\n`);
  process.stdout.write(
    `${kB(weight.pageGzip)}          fetched as the entry starts, ${weight.pageFiles.length} files\n` +
      `${kB(weight.initialGzip + weight.pageGzip)}          the first route's JavaScript in all\n`,
  );
  weight.shell.forEach((name, i) => {
    if (!weight.shellChunks[i]) process.stdout.write(`  (no lazy chunk named ${name}: preloaded or not built)\n`);
  });
  if (!weight.pageChunk) process.stdout.write(`  (no lazy chunk named ${weight.page}: the page is not counted)\n`);
  for (const file of weight.styles) process.stdout.write(`  stylesheet: ${row(file).trim()}\n`);
  for (const file of weight.notPreloaded)
    process.stdout.write(`  imported by the entry but not preloaded (fetched late): ${file}\n`);
  for (const file of weight.notImported)
    process.stdout.write(`  preloaded but not imported by the entry (fetched for nothing): ${file}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(path.join(dist, 'index.html'))) {
    process.stderr.write(`${path.join(dist, 'index.html')} is missing: build the console first (npm run build)\n`);
    process.exit(1);
  }
  const weight = firstPageWeight();
  print(weight);
  if (args.check) {
    const problems = [];
    if (weight.initialGzip > BUDGET_KB * 1000)
      problems.push(
        `the first page preloads ${kB(weight.initialGzip).trim()} kB gzipped, over the ${BUDGET_KB} kB budget`,
      );
    if (weight.notPreloaded.length || weight.notImported.length)
      problems.push('the preload links of index.html and the entry imports disagree');
    if (!weight.pageChunk) problems.push(`no lazy chunk named ${weight.page}-*.js`);
    for (const problem of problems) process.stderr.write(`✗ ${problem}\n`);
    if (problems.length) {
      process.stderr.write(
        'See docs/benchmarks.md, "The console\'s first page", for what is loaded up front and why.\n',
      );
      process.exit(1);
    }
    process.stdout.write(`✓ within the budget of ${BUDGET_KB} kB gzipped\n`);
  }
}
