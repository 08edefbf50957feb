// npm test: the whole suite as CI runs it. Installs what it needs (dependencies, Debian's
// Chromium), checks lint, types, formatting, translations and migrations, runs the unit and web
// tests, the server suite on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set, builds
// the console, checks what its first page loads (scripts/bundle-weight.mjs) and runs the browser
// tests against the real server.
//
// Independent stages run side by side where the machine allows: the static checks beside the
// unit tests always (single-threaded tools beside a worker pool), the two server suites beside
// each other from 4 cores (each with half the workers). A stage run beside another prints its
// output as one block when it ends. `npm test static unit` (or `npm run check`) runs just those.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureWebBuild, log, root, run } from './lib.mjs';

const only = process.argv.slice(2);
const wanted = (stage) => only.length === 0 || only.includes(stage);
const cores = availableParallelism();
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test by name, printed again at the very end so a log's last lines say what broke.
const failedTests = [];
const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

/** A lane of steps run one after another; `buffered` lanes print each step's output when it ends. */
function lane(buffered) {
  return async function step(name, command, args, env) {
    const output = buffered ? [] : undefined;
    if (!buffered) log(name);
    const since = Date.now();
    const code = await run(command, args, { env, output });
    if (buffered) {
      log(`${name} (beside other steps)`);
      process.stdout.write(Buffer.concat(output));
    }
    log(`${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${minutes(since)}`);
    if (code !== 0) failures.push(name);
    return code;
  };
}

async function vitest(step, name, args, env) {
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

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

async function staticChecks(step) {
  await step('Lint (zero warnings)', bin('eslint'), ['.', '--max-warnings', '0']);
  await step('Type check', 'npm', ['run', 'typecheck']);
  await step('Formatting', bin('prettier'), ['--check', '.']);
  await step('Translations (14 locales)', 'node', ['scripts/i18n-check.mjs']);
  await step('Migrations match the schema', 'node', ['server/scripts/check-migrations.mjs']);
  await step('Database functions match the migrations', 'node', ['server/scripts/db-functions.mjs']);
}

/** Runs the stages given side by side (each in its own buffered lane), or in turn when alone. */
async function together(stages) {
  if (stages.length === 1) return stages[0](lane(false));
  await Promise.all(stages.map((stage) => stage(lane(true))));
}

try {
  await ensureDependencies();
  const first = [];
  if (wanted('static')) first.push(staticChecks);
  if (wanted('unit'))
    first.push((step) => vitest(step, 'Contract and web unit tests', ['--project', 'contract', '--project', 'web']));
  if (first.length > 0) await together(first);

  if (wanted('server')) {
    const pglite = (step, workers) =>
      vitest(step, 'Server tests on PGlite', ['--project', 'server', ...workers], { TEST_DB_KIND: 'pglite' });
    const postgres = (step, workers) =>
      vitest(step, 'Server tests on PostgreSQL', ['--project', 'server', ...workers], { TEST_DB_KIND: 'postgres' });
    if (!process.env.TEST_DATABASE_URL) {
      await pglite(lane(false), []);
      log('TEST_DATABASE_URL is not set: the server suite ran on PGlite only');
    } else if (cores >= 4) {
      const half = [`--maxWorkers=${Math.floor(cores / 2)}`];
      await together([(step) => pglite(step, half), (step) => postgres(step, half)]);
    } else {
      await pglite(lane(false), []);
      await postgres(lane(false), []);
    }
  }
  if (wanted('e2e')) {
    const step = lane(false);
    await ensureChromium();
    await ensureWebBuild();
    await step('The first page preloads at most 170 kB of JavaScript (gzipped)', 'node', [
      'scripts/bundle-weight.mjs',
      '--check',
    ]);
    await vitest(step, 'Browser tests (Chromium)', ['--project', 'e2e']);
  }
} catch (error) {
  failures.push(error.message);
}

for (const test of failedTests) process.stdout.write(`✗ ${test}\n`);
log(failures.length ? `Failed: ${failures.join('; ')}` : `All checks passed in ${minutes(started)} on ${cores} cores`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
