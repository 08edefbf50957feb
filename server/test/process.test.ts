import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  TEST_DB_KIND,
  createDatabaseFromTemplate,
  databaseUrl,
  dropDatabase,
  testDatabaseName,
} from './test-database.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.join(serverDir, '../node_modules/.bin/tsx');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-process-'));
const pgName = testDatabaseName(`process_${process.pid}`);

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

/** Starts the real server process (server.ts) on a free port and waits for its URL. */
async function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(tsx, ['src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: dataDir, ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const match = /Tagtrack console: (http:\/\/\S+)/.exec(output);
    if (match?.[1]) return { child, url: match[1].replace('localhost', '127.0.0.1'), output: () => output };
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

async function signIn(url: string, username: string, password: string) {
  const res = await fetch(`${url}api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (TEST_DB_KIND === 'postgres') await dropDatabase(pgName);
});

describe('the server process', () => {
  it('creates the first administrator once, prints its password once, and shuts down cleanly on SIGTERM', async () => {
    let env: Record<string, string>;
    if (TEST_DB_KIND === 'postgres') {
      await dropDatabase(pgName);
      await createDatabaseFromTemplate(pgName);
      env = { DATABASE_URL: databaseUrl(pgName) };
    } else {
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
    const first = await start({ ...env, DEMO_DATA: '0' });
    const printed = /sign in as admin with the password (\S+)/.exec(first.output())?.[1];
    expect(printed).toBeTruthy();
    expect(await signIn(first.url, 'admin', printed!)).toBe(200);
    expect((await fetch(`${first.url}readyz`)).status).toBe(200);
    expect(await stop(first)).toBe(0);
    if (TEST_DB_KIND === 'pglite') expect(existsSync(path.join(dataDir, 'tagtrack.lock'))).toBe(false);

    const second = await start({ ...env, DEMO_DATA: '0' });
    expect(second.output()).not.toMatch(/First start/);
    expect(await signIn(second.url, 'admin', printed!)).toBe(200);
    expect(await stop(second)).toBe(0);
  }, 120_000);
});
