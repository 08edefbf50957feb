// npm run db:check: fails when the schema has changes that no committed migration holds.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'src', 'db', 'migrations');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-migrations-'));
try {
  cpSync(committed, scratch, { recursive: true });
  const before = readdirSync(scratch).filter((f) => f.endsWith('.sql')).length;
  const result = spawnSync(
    path.join(serverDir, '..', 'node_modules', '.bin', 'drizzle-kit'),
    [
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      scratch,
      '--name',
      'drift',
    ],
    { cwd: serverDir, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(1);
  }
  const after = readdirSync(scratch).filter((f) => f.endsWith('.sql')).length;
  if (after !== before) {
    process.stderr.write(
      'The schema differs from the committed migrations: run npm run db:generate and commit the result.\n',
    );
    process.exit(1);
  }
  process.stdout.write('Migrations match the schema.\n');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
