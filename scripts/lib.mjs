// Shared helpers of the root scripts: plain Node, no dependencies, so they run on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import chromiumArgs from './chromium-args.json' with { type: 'json' };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\n▶ ${message}\n`);
}

/**
 * Runs a command in the repository root; resolves with its exit code. Its output is inherited, or
 * with `options.output` (an array) collected there instead, for a step that runs beside others and
 * prints its whole output once it ends.
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const collect = Array.isArray(options.output);
    const child = spawn(command, args, {
      cwd: root,
      stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...options.env },
    });
    if (collect) {
      child.stdout.on('data', (chunk) => options.output.push(chunk));
      child.stderr.on('data', (chunk) => options.output.push(chunk));
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export function runSync(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  return result.status ?? 1;
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs) return;
  log('Installing dependencies (npm ci)');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error('npm ci failed');
}

/** Builds the console when web/dist is missing or older than its sources or the contract. */
export async function ensureWebBuild() {
  const built = path.join(root, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'web', 'src')),
    newestMtime(path.join(root, 'web', 'public')),
    newestMtime(path.join(root, 'web', 'index.html')),
    newestMtime(path.join(root, 'contract', 'src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('Building the console (web/dist)');
  const code = await run('npm', ['run', 'build', '-w', 'web']);
  if (code !== 0) throw new Error('the console build failed');
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags Chromium runs with, headless in a container: the browser tests' and the web bench's. */
export const CHROMIUM_ARGS = chromiumArgs;

/** Installs Debian's Chromium for the browser tests when it is missing (needs root, as on CI). */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  log("Installing Chromium from Debian's packages for the browser tests");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const first = sudo.length ? ['sudo', ['apt-get', 'update']] : ['apt-get', ['update']];
  if ((await run(first[0], first[1], { env })) !== 0) throw new Error('apt-get update failed');
  const args = ['apt-get', 'install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-core', 'fonts-noto-cjk'];
  const code = sudo.length ? await run('sudo', args, { env }) : await run(args[0], args.slice(1), { env });
  if (code !== 0 || !existsSync(CHROMIUM)) throw new Error('Chromium could not be installed');
}
