// npm test: the whole suite as CI runs it. Installs what it needs (dependencies, Debian's
// Chromium), checks lint, types, formatting, translations and migrations, runs the unit and web
// tests, the server suite on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set, builds
// the console, checks what its first page loads (scripts/bundle-weight.mjs) and runs the browser
// tests against the real server.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureWebBuild, log, root, run } from './lib.mjs';

const only = process.argv.slice(2);
const wanted = (step) => only.length === 0 || only.includes(step);
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test by name, printed again at the very end so a log's last lines say what broke.
const failedTests = [];

async function step(name, command, args, env) {
  log(name);
  const code = await run(command, args, { env });
  if (code !== 0) failures.push(name);
  return code;
}

async function vitest(name, args, env) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const code = await step(
    name,
    path.join(root, 'node_modules', '.bin', 'vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      const where = path.relative(root, file.name);
      for (const test of failed) {
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failedTests.push(`${name}: ${where} › ${test.fullName}${why ? `\n    ${why}` : ''}`);
      }
      if (failed.length === 0 && file.status === 'failed')
        failedTests.push(`${name}: ${where} (${file.message ?? 'failed'})`);
    }
  } catch {
    if (code !== 0) totals.failed += 1;
  }
  return code;
}

try {
  await ensureDependencies();
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  if (wanted('static')) {
    await step('Lint (zero warnings)', bin('eslint'), ['.', '--max-warnings', '0']);
    await step('Type check', 'npm', ['run', 'typecheck']);
    await step('Formatting', bin('prettier'), ['--check', '.']);
    await step('Translations (14 locales)', 'node', ['scripts/i18n-check.mjs']);
    await step('Migrations match the schema', 'node', ['server/scripts/check-migrations.mjs']);
    await step('Database functions match the migrations', 'node', ['server/scripts/db-functions.mjs']);
  }
  if (wanted('unit')) await vitest('Contract and web unit tests', ['--project', 'contract', '--project', 'web']);
  if (wanted('server')) {
    await vitest('Server tests on PGlite', ['--project', 'server'], { TEST_DB_KIND: 'pglite' });
    if (process.env.TEST_DATABASE_URL) {
      await vitest('Server tests on PostgreSQL', ['--project', 'server'], { TEST_DB_KIND: 'postgres' });
    } else {
      log('TEST_DATABASE_URL is not set: the server suite ran on PGlite only');
    }
  }
  if (wanted('e2e')) {
    await ensureChromium();
    await ensureWebBuild();
    await step('The first page preloads at most 170 kB of JavaScript (gzipped)', 'node', [
      'scripts/bundle-weight.mjs',
      '--check',
    ]);
    await vitest('Browser tests (Chromium)', ['--project', 'e2e']);
  }
} catch (error) {
  failures.push(error.message);
}

for (const test of failedTests) process.stdout.write(`✗ ${test}\n`);
log(failures.length ? `Failed: ${failures.join('; ')}` : 'All checks passed');
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
