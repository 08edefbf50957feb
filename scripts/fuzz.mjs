// npm run test:fuzz: the fuzz suite for longer than CI runs it, on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL. FUZZ_RUNS requests per operation (default 100), FUZZ_SEED a seed
// to repeat (default: a new one each run, printed in the test names). Arguments go to vitest,
// e.g. `npm run test:fuzz -- -t "POST /configuration/location/"`.
import path from 'node:path';
import { log, root, run } from './lib.mjs';

const env = {
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100',
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
};
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const args = ['run', '--project', 'server', 'server/test/fuzz.test.ts', ...process.argv.slice(2)];

const kinds = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const failed = [];
for (const kind of kinds) {
  log(`Fuzz suite on ${kind}: FUZZ_SEED=${env.FUZZ_SEED} FUZZ_RUNS=${env.FUZZ_RUNS}`);
  if ((await run(vitest, args, { env: { ...env, TEST_DB_KIND: kind } })) !== 0) failed.push(kind);
}
if (kinds.length === 1) log('TEST_DATABASE_URL is not set: the fuzz suite ran on PGlite only');
log(
  failed.length
    ? `Failed on ${failed.join(' and ')} (FUZZ_SEED=${env.FUZZ_SEED} repeats the run)`
    : 'Fuzz suite passed',
);
process.exit(failed.length ? 1 : 0);
