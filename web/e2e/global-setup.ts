import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PASSWORD = 'E2e-demo-pass-1';
/** Short-lived access tokens, so the browser tests see real expiry and refresh. */
export const E2E_ACCESS_TTL_SECONDS = 8;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  // Two servers start side by side on a small machine: give them time.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready:\n${output()}`);
}

/**
 * A mail catcher: an SMTP server on loopback (no TLS, no login) that writes every message it
 * receives as an .eml file into `dir`, for the tests to read (support.ts waitForMail).
 */
async function startMailCatcher(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      received += 1;
      // Written under a temporary name and renamed when complete, so a reader never sees half a message.
      const name = `${Date.now()}-${String(received).padStart(4, '0')}`;
      const file = createWriteStream(path.join(dir, `${name}.part`));
      stream.pipe(file);
      file.on('finish', () => {
        rename(path.join(dir, `${name}.part`), path.join(dir, `${name}.eml`)).then(() => callback(), callback);
      });
      stream.on('error', callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres): a
 * new, empty database on it for one server, dropped when it stops; without it the server runs on
 * its embedded database.
 */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) return undefined;
  const { default: pg } = await import('pg');
  const name = `tagtrack_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** Starts the real server (built console, demo data) with its own data folder and database. */
async function startServer(extraEnv: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-e2e-'));
  const database = await freshDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let output = '';
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      DEMO_DATA: '1',
      ADMIN_PASSWORD: E2E_PASSWORD,
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TTL_SECONDS),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url.replace(/\/$/, ''),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForReady(url, child, () => output);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * Starts what the browser tests run against: a cloud server (E2E_BASE_URL) and an on-premise one
 * (E2E_ONPREM_URL), both mailing through one mail catcher whose messages land in E2E_MAIL_DIR.
 */
export default async function setup() {
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-e2e-mail-'));
  const mail = await startMailCatcher(mailDir);
  const started = await Promise.allSettled([
    startServer({ SMTP_URL: mail.url }),
    startServer({ SMTP_URL: mail.url, ON_PREMISE: '1' }),
  ]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await mail.stop();
    rmSync(mailDir, { recursive: true, force: true });
  };
  const failure = started.find((s) => s.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  const [cloud, onPremise] = servers as [(typeof servers)[0], (typeof servers)[0]];
  process.env.E2E_BASE_URL = cloud.url;
  process.env.E2E_ONPREM_URL = onPremise.url;
  process.env.E2E_MAIL_DIR = mailDir;
  return stopAll;
}
