import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';

/** Which database the server suite runs on: PGlite (default) or PostgreSQL (TEST_DB_KIND=postgres). */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
/**
 * The prefix of every database a run creates: TEST_DB_PREFIX lets two runs share one PostgreSQL
 * server without clearing each other's databases.
 */
export const TEST_DB_PREFIX = process.env.TEST_DB_PREFIX ?? 'tagtrack_test';
export const TEMPLATE_DB = `${TEST_DB_PREFIX}_template`;

/** A database name of this run's, unique to the caller's `label`. */
export function testDatabaseName(label: string): string {
  return `${TEST_DB_PREFIX}_${label}`;
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: PGlite loaded from the template the global setup
 * dumped, or a PostgreSQL database created from the migrated template database (with the API
 * requests' `statementTimeoutMs`, which PGlite would not enforce).
 */
export async function openTestDatabase(
  options: { statementTimeoutMs?: number; max?: number } = {},
): Promise<Database & { url?: string }> {
  if (TEST_DB_KIND === 'pglite') {
    const templatePath = process.env.TAGTRACK_PGLITE_TEMPLATE;
    if (!templatePath) throw new Error('The global setup did not prepare the PGlite template');
    const blob = new Blob([await readFile(templatePath)]);
    return openDatabase({ kind: 'pglite', loadDataDir: blob });
  }
  const name = testDatabaseName(randomBytes(6).toString('hex'));
  await createDatabaseFromTemplate(name);
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(name),
    max: options.max ?? 4,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  return {
    ...database,
    url: databaseUrl(name),
    close: async () => {
      await database.close();
      await dropDatabase(name);
    },
  };
}

export async function createDatabaseFromTemplate(name: string, template = TEMPLATE_DB) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    // Two files copying the template at the same instant can collide: try again briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 10 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(name: string) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * An empty database, without even the migrations: what an operator restores a backup into. On
 * PostgreSQL a database of this run's, created from template0 and dropped on close.
 */
export async function openEmptyTestDatabase(): Promise<Database> {
  if (TEST_DB_KIND === 'pglite') return openDatabase({ kind: 'pglite' });
  const name = testDatabaseName(`empty_${randomBytes(4).toString('hex')}`);
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  } finally {
    await client.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(name);
    },
  };
}
