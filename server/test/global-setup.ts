import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { TEMPLATE_DB, TEST_DB_KIND, TEST_DB_PREFIX, adminUrl, databaseUrl } from './test-database.js';

/** Migrates one template database; every test file then starts from a copy of it. */
export default async function setup() {
  if (TEST_DB_KIND === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const dump = await database.dump?.();
    await database.close();
    if (!dump) throw new Error('PGlite template could not be dumped');
    const file = path.join(os.tmpdir(), `tagtrack-pglite-template-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env.TAGTRACK_PGLITE_TEMPLATE = file;
    return;
  }
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    // Databases of an interrupted earlier run are left over: clear them first.
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [`${TEST_DB_PREFIX}_`],
    );
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  } finally {
    await client.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(TEMPLATE_DB), max: 1 });
  await database.migrate();
  await database.close();
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl() });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DB}" WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
}
