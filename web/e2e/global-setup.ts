import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const deadline = Date.now() + 60_000;
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

/** Starts the real server (built console, embedded database, demo data) for the browser tests. */
export default async function setup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      ADMIN_PASSWORD: E2E_PASSWORD,
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TTL_SECONDS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}/`;
  await waitForReady(url, child, () => output);
  process.env.E2E_BASE_URL = url;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
