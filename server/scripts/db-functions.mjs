// The SQL functions that keep the database's invariants (the count and search triggers' functions,
// the items epoch, the settle at commit, the unique checks across customers) are kept as readable
// files in src/db/functions/, one per function, each the function's current definition. Migrations
// apply them; this script keeps the two in step.
//
//   node scripts/db-functions.mjs           checks: every function the migrations define has its
//                                           file, and each file is the latest definition a
//                                           migration applies (npm run db:check runs it)
//   node scripts/db-functions.mjs --generate
//                                           writes a migration that applies the files that changed
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = path.join(serverDir, 'src', 'db', 'migrations');
const functionsDir = path.join(serverDir, 'src', 'db', 'functions');
const FUNCTION = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/** A statement without its comment lines, in one spacing, as CREATE OR REPLACE: what is compared. */
export function normalise(statement) {
  return statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '')
    .replace(/^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION/i, 'CREATE OR REPLACE FUNCTION');
}

const body = (statement) =>
  statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .trim();

/** The latest definition of each function across the migrations, in their order. */
function definedByMigrations() {
  const latest = new Map();
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    for (const statement of readFileSync(path.join(migrationsDir, file), 'utf8').split('--> statement-breakpoint')) {
      const match = FUNCTION.exec(body(statement));
      if (match) latest.set(match[1], { file, text: normalise(statement) });
    }
  }
  return latest;
}

function inFiles() {
  const files = new Map();
  for (const file of readdirSync(functionsDir).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(path.join(functionsDir, file), 'utf8');
    const match = FUNCTION.exec(body(text));
    if (!match || `${match[1]}.sql` !== file) throw new Error(`${file}: must define the function ${file.slice(0, -4)}`);
    files.set(match[1], text);
  }
  return files;
}

const migrations = definedByMigrations();
const files = inFiles();
const problems = [];
const changed = [];
for (const [name] of migrations) if (!files.has(name)) problems.push(`${name}: no file src/db/functions/${name}.sql`);
for (const [name, text] of files) {
  const applied = migrations.get(name);
  if (!applied || applied.text !== normalise(text)) changed.push(name);
}

if (process.argv.includes('--generate')) {
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n`);
    process.exit(1);
  }
  if (changed.length === 0) {
    process.stdout.write('The functions match the migrations: nothing to generate.\n');
    process.exit(0);
  }
  const result = spawnSync(
    path.join(serverDir, '..', 'node_modules', '.bin', 'drizzle-kit'),
    ['generate', '--custom', '--name', 'functions'],
    { cwd: serverDir, encoding: 'utf8' },
  );
  const created = /([0-9]{4}_functions\.sql)/.exec(result.stdout + result.stderr);
  if (result.status !== 0 || !created) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(1);
  }
  const sql = changed
    .map((name) =>
      files
        .get(name)
        .trim()
        .replace(/^(\s*)CREATE\s+FUNCTION/im, '$1CREATE OR REPLACE FUNCTION'),
    )
    .join('\n--> statement-breakpoint\n');
  writeFileSync(path.join(migrationsDir, created[1]), `${sql}\n`);
  process.stdout.write(`Wrote ${created[1]}: ${changed.join(', ')}.\n`);
} else {
  for (const name of changed) {
    problems.push(
      `${name}: src/db/functions/${name}.sql differs from what the migrations apply: run npm run db:functions and commit the migration.`,
    );
  }
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`The ${files.size} functions match the migrations.\n`);
}
