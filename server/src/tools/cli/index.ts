import path from 'node:path';
import { parseArgs } from 'node:util';
import { LocalDiskStorage } from '../../lib/storage/file-storage.js';
import { generatePassword } from '../../lib/auth/passwords.js';
import pino from 'pino';
import { loadConfig, type Config } from '../../config.js';
import { DatabaseLockedError, openDatabase, type Database } from '../../db/client.js';
import { databaseSocketPath } from '../../db/socket.js';
import { seedDemo, DEMO_CUSTOMER } from '../demo/seed.js';
import { createCustomer, createUser, InputError, setCustomerExtensions } from '../../system/provisioning.js';
import { backup, BackupError, restoreDataDir, restoreInto } from './backup.js';
import { resetPassword } from './reset-password.js';
import { simulate } from '../simulator/index.js';
import { simulateOptionsFromArgs } from './simulate-args.js';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   apply database migrations
  customer:create --name N --admin-username U --admin-password P [--extensions sensor]
  customer:update --name N --extensions sensor|none
                                            set a customer's extensions (sensor: Sensor Data, Event Center)
  user:create --customer N --username U --role R --password P
  user:password --username U --password P   set a user's password
  demo:seed [--password P]                  seed the demo customer (${DEMO_CUSTOMER}) with one user per role
  backup --to FILE                          the database and the uploaded files in one archive (while the server runs too)
  restore --from FILE [--force]             an archive into an empty DATA_DIR (--force: replace it, kept beside)
                                            or an empty PostgreSQL database (DATABASE_URL); checked first
  simulate --reader SERIAL --secret S [--reader … --secret …] [--url http://127.0.0.1:8080]
           [--transport http|mqtt] [--mqtt-url mqtt://127.0.0.1:1883] [--topic-root tagtrack/readers]
           [--epc EPC …] [--tags 20] [--sku 1] [--rate 2] [--moves 0.2] [--duration SECONDS]
           [--once] [--no-heartbeats] [--measurements [--measurement-every SECONDS]]
                                            readers sending tag reads to a running server (Ctrl+C stops)

Except for simulate, the database is DATABASE_URL when set, else the embedded one in DATA_DIR (default ./data):
while a server runs on DATA_DIR, the commands reach it through the server's database socket.`;

class UsageError extends Error {}

/** --extensions as a list: comma-separated names, or `none` for none. */
function extensionList(text: string): string[] {
  const names = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return names.length === 1 && names[0] === 'none' ? [] : names;
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`Missing --${name}`);
  return value;
}

const OPTIONS = {
  name: { type: 'string' },
  'admin-username': { type: 'string' },
  'admin-password': { type: 'string' },
  extensions: { type: 'string' },
  customer: { type: 'string' },
  username: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  url: { type: 'string' },
  reader: { type: 'string', multiple: true },
  secret: { type: 'string', multiple: true },
  transport: { type: 'string' },
  'mqtt-url': { type: 'string' },
  'topic-root': { type: 'string' },
  epc: { type: 'string', multiple: true },
  tags: { type: 'string' },
  sku: { type: 'string' },
  rate: { type: 'string' },
  moves: { type: 'string' },
  duration: { type: 'string' },
  once: { type: 'boolean' },
  'no-heartbeats': { type: 'boolean' },
  measurements: { type: 'boolean' },
  'measurement-every': { type: 'string' },
  to: { type: 'string' },
  from: { type: 'string' },
  force: { type: 'boolean' },
} as const;

/**
 * PostgreSQL when DATABASE_URL is set; else the embedded database in DATA_DIR: opened here when no
 * server runs on it, or reached through the running server's database socket.
 */
async function openCliDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ kind: 'postgres', url: config.DATABASE_URL, max: 2 });
  try {
    return await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    try {
      return await openDatabase({ kind: 'pglite-socket', dataDir: config.DATA_DIR });
    } catch (socketError) {
      throw new DatabaseLockedError(
        `The data directory ${config.DATA_DIR} is in use by another Tagtrack process (pid ${error.pid ?? 'unknown'}), and its database socket ${databaseSocketPath(config.DATA_DIR)} does not answer (${(socketError as Error).message}). A server starting up answers once it has started; else stop that process, or set DATA_DIR to another directory.`,
        error.pid,
      );
    }
  }
}

async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') return USAGE;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (command === 'simulate') {
    let options;
    try {
      options = simulateOptionsFromArgs(parsed.values);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    const summary = await simulate({
      ...options,
      signal: stop.signal,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const values = summary.measurements > 0 ? ` and ${summary.measurements} measurements` : '';
    return `Sent ${summary.reads} reads${values} in ${summary.batches} batches: ${summary.created} new items, ${summary.moved} moved, ${summary.refused} batches refused.`;
  }
  if (command === 'backup' || command === 'restore') return backupCommand(command, values);
  if (
    !['migrate', 'customer:create', 'customer:update', 'user:create', 'user:password', 'demo:seed'].includes(command)
  ) {
    throw new UsageError(`Unknown command ${command}`);
  }
  const config = loadConfig();
  const database = await openCliDatabase(config);
  try {
    await database.migrate();
    const db = database.privileged;
    switch (command) {
      case 'migrate':
        return 'Migrations applied.';
      case 'customer:create': {
        const { customer, admin } = await createCustomer(db, {
          name: required(values, 'name'),
          adminUsername: required(values, 'admin-username'),
          adminPassword: required(values, 'admin-password'),
          extensions: extensionList(typeof values.extensions === 'string' ? values.extensions : '') as never,
        });
        return `Created customer ${customer.name} (id ${customer.id}) with administrator ${admin.username}.`;
      }
      case 'customer:update': {
        const customer = await setCustomerExtensions(db, {
          name: required(values, 'name'),
          extensions: extensionList(required(values, 'extensions')) as never,
        });
        const now = customer.extensions.length > 0 ? customer.extensions.join(', ') : 'none';
        return `Customer ${customer.name} now has the extensions: ${now}.`;
      }
      case 'user:create': {
        const user = await createUser(db, {
          customerName: required(values, 'customer'),
          username: required(values, 'username'),
          role: required(values, 'role') as never,
          password: required(values, 'password'),
        });
        return `Created user ${user.username} (${user.role}).`;
      }
      case 'user:password':
        await resetPassword(db, required(values, 'username'), required(values, 'password'));
        return `Password set for ${String(values.username)}.`;
      case 'demo:seed': {
        const password = typeof values.password === 'string' ? values.password : generatePassword();
        await seedDemo(
          db,
          password,
          new LocalDiskStorage(path.resolve(config.DATA_DIR, 'files')),
          config.MEASUREMENT_RETENTION_DAYS,
        );
        return `Seeded ${DEMO_CUSTOMER}: admin, operator, viewer, application with the password ${password}`;
      }
    }
    throw new UsageError(`Unknown command ${command}`);
  } finally {
    await database.close();
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** backup --to FILE and restore --from FILE [--force] (docs/deployment.md, Backup and restore). */
async function backupCommand(
  command: 'backup' | 'restore',
  values: Record<string, string | boolean | undefined>,
): Promise<string> {
  const config = loadConfig();
  const filesDir = path.resolve(config.DATA_DIR, 'files');
  if (command === 'backup') {
    const file = path.resolve(required(values, 'to'));
    const database = await openCliDatabase(config);
    try {
      const summary = await backup(database, filesDir, file);
      return `Backed up ${summary.rows} rows of ${summary.tables} tables and ${summary.files} files (${megabytes(summary.bytes)}) to ${file}.`;
    } finally {
      await database.close();
    }
  }
  const file = path.resolve(required(values, 'from'));
  if (!config.DATABASE_URL) {
    const summary = await restoreDataDir(file, config.DATA_DIR, { force: values.force === true });
    return (
      `Restored ${summary.rows} rows of ${summary.tables} tables and ${summary.files} files into ${config.DATA_DIR}.` +
      (summary.replaced ? ` What it held before is kept in ${summary.replaced}.` : '')
    );
  }
  if (values.force === true) {
    throw new BackupError(
      '--force replaces an embedded data directory only: on PostgreSQL, restore into a new, empty database.',
    );
  }
  const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, max: 2 });
  try {
    const summary = await restoreInto(file, { database, filesDir });
    return `Restored ${summary.rows} rows of ${summary.tables} tables into PostgreSQL and ${summary.files} files into ${filesDir}.`;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => {
    process.stdout.write(`${message}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (error instanceof InputError || error instanceof DatabaseLockedError || error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    pino().error(error);
    process.exit(1);
  },
);
