// npm run soak: the server as it runs for real, for SOAK_MINUTES (30 by default), under steady
// load: simulated fixed readers sending tag reads (half over HTTP, half over MQTT through the
// embedded broker) and heartbeats, the demo's own activity, and users listing items, counting
// stock, opening the location tree and exporting. It watches the server's memory through its
// metrics (/metrics with METRICS_TOKEN) and counts every failed call and every error the server
// logs. Afterwards it prints the figures and fails (exit code 1) on any error, or when the
// server's resident memory grew by 1 MB a minute or more after the warm-up (a least-squares line
// through its samples). On PostgreSQL with DATABASE_URL (an empty database of its own), else on
// the embedded database in a temporary directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIGURATION_DEFAULTS } from '@tagtrack/contract';
import { simulate, type SimulateSummary } from '../src/tools/simulator/index.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
/** Memory before this share of the run is left out of the trend: caches and pools fill first. */
const WARM_UP_SHARE = 1 / 6;
const READERS = Number(process.env.SOAK_READERS ?? 8);
const READS_PER_SECOND = Number(process.env.SOAK_READS_PER_SECOND ?? 200);
const USERS = Number(process.env.SOAK_USERS ?? 4);
/** A NID32 product of the demo catalogue (its first): the simulated tags are its items. */
const SKU = process.env.SOAK_SKU ?? '1001';
const SAMPLE_EVERY_MS = 10_000;
const GROWTH_LIMIT_MB_PER_MINUTE = 1;

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Failed calls and logged errors, by kind, with the first few of each. */
class Failures {
  readonly byKind = new Map<string, { count: number; examples: string[] }>();
  add(kind: string, example: string) {
    const entry = this.byKind.get(kind) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < 3) entry.examples.push(example.slice(0, 300));
    this.byKind.set(kind, entry);
  }
  get total() {
    return [...this.byKind.values()].reduce((sum, e) => sum + e.count, 0);
  }
}

const failures = new Failures();
const calls = new Map<string, { count: number; times: number[] }>();

function record(label: string, ms: number) {
  const entry = calls.get(label) ?? { count: 0, times: [] };
  entry.count++;
  // A bounded sample for the percentiles: the soak itself must not grow.
  if (entry.times.length < 20_000) entry.times.push(ms);
  else entry.times[Math.floor(Math.random() * entry.times.length)] = ms;
  calls.set(label, entry);
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; exited: Promise<number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server logs JSON lines (pino): level 50 is error, 60 fatal.
  let pending = '';
  const onOutput = (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      let level = 0;
      try {
        level = (JSON.parse(line) as { level?: number }).level ?? 0;
      } catch {
        if (/error/i.test(line)) failures.add('server output', line);
        continue;
      }
      if (level >= 50) failures.add('server log (error)', line);
    }
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  return { child, exited };
}

async function waitUntilReady(base: string, exited: Promise<number>) {
  let stopped = false;
  void exited.then(() => (stopped = true));
  for (let i = 0; i < 600; i++) {
    if (stopped) throw new Error('the server stopped while starting');
    const ok = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(500);
  }
  throw new Error('the server was not ready after 5 minutes');
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(base: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return (await json<{ access: string }>(response, 'sign-in')).access;
}

interface LocationNode {
  uuid: string;
  name: string;
  active: boolean;
  special: string | null;
  children?: LocationNode[];
}

/** Readers created, each with a configuration at a location of its own and assigned, as an administrator does. */
async function createReaders(base: string, token: string, count: number) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const tree = await json<LocationNode[] | { results: LocationNode[] }>(
    await fetch(`${base}/configuration/location/`, { headers: auth }),
    'location tree',
  );
  const leaves: LocationNode[] = [];
  const walk = (nodes: LocationNode[]) =>
    nodes.forEach((n) => (n.children?.length ? walk(n.children) : leaves.push(n)));
  walk(Array.isArray(tree) ? tree : tree.results);
  const places = leaves.filter((l) => l.active && !l.special);
  if (places.length === 0) throw new Error('the demo data has no locations');
  const readers: { serial: string; secret: string }[] = [];
  for (let i = 0; i < count; i++) {
    const place = places[i % places.length]!;
    const configuration = await json<{ id: number }>(
      await fetch(`${base}/configuration/reader-configuration/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: `Soak configuration ${i + 1}`,
          location: place.uuid,
          reader_type: 'FR22',
          application: 'BradyReaderApp',
          conf_data: {
            ...CONFIGURATION_DEFAULTS.conf_data,
            Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: ['8'] }],
          },
        }),
      }),
      'reader configuration',
    );
    const reader = await json<{ uuid: string; serial: string; secret: string }>(
      await fetch(`${base}/configuration/reader/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          serial_number: `SOAK-${i + 1}`,
          name: `Soak reader ${i + 1}`,
          description: '',
          reader_type: 'FR22',
        }),
      }),
      'reader',
    );
    await json(
      await fetch(`${base}/configuration/reader-assignment/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ reader_uuid: reader.uuid, reader_configuration_ids: [configuration.id] }),
      }),
      'reader assignment',
    );
    readers.push({ serial: reader.serial, secret: reader.secret });
  }
  return readers;
}

/** One user of the console: a screen's calls, a pause, the next screen; now and then an export. */
async function user(base: string, password: string, index: number, signal: AbortSignal) {
  let token = await signIn(base, password);
  let signedInAt = Date.now();
  const screens: [string, () => string][] = [
    ['item list', () => `/tag-data/tag/?page=${1 + Math.floor(Math.random() * 20)}&page_size=25`],
    ['item list, sorted by EPC', () => `/tag-data/tag/?ordering=-code&page_size=25`],
    ['item list, search', () => `/tag-data/tag/?search=${Math.floor(Math.random() * 90 + 10)}&page_size=25`],
    ['location tree', () => '/configuration/location/'],
    ['itemcount', () => '/tag-data/location/itemcount/?type=current&page_size=20&count_min=1'],
    ['fullcount', () => '/tag-data/product/fullcount/serialized/?inventory=true&page_size=20'],
    ['inventorycount', () => '/tag-data/v2/location/inventorycount/?exclude_product=Unassigned'],
    ['signed-in user', () => '/accounts/users/me/'],
    ['readers', () => '/configuration/reader/?page_size=25'],
  ];
  for (let turn = index; !signal.aborted; turn++) {
    // Access tokens last 5 minutes: sign in again before, as the console refreshes.
    if (Date.now() - signedInAt > 4 * 60_000) {
      token = await signIn(base, password);
      signedInAt = Date.now();
    }
    const [label, url] =
      turn % 25 === 24 ? ['item export (CSV)', () => '/tag-data/tag/export/csv/'] : screens[turn % screens.length]!;
    const target = url();
    const start = performance.now();
    try {
      const response = await fetch(`${base}${target}`, { headers: { authorization: `Bearer ${token}` }, signal });
      // Read the whole answer (an export streams to its end), keeping none of it.
      const reader = response.body?.getReader();
      if (reader) while (!(await reader.read()).done);
      if (!response.ok) failures.add(`HTTP ${response.status}`, `GET ${target}`);
      else record(label, performance.now() - start);
    } catch (error) {
      if (!signal.aborted) failures.add('call failed', `GET ${target}: ${String(error)}`);
    }
    await sleep(150 + Math.random() * 200);
  }
}

interface Sample {
  minute: number;
  rssMb: number;
  heapMb: number;
}

async function sampleMemory(base: string, metricsToken: string): Promise<Omit<Sample, 'minute'> | null> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).catch(
    () => null,
  );
  if (!response?.ok) {
    failures.add('metrics', `GET /metrics: ${response?.status ?? 'unreachable'}`);
    return null;
  }
  const text = await response.text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? NaN);
  return {
    rssMb: value('process_resident_memory_bytes') / 1e6,
    heapMb: value('nodejs_heap_size_used_bytes') / 1e6,
  };
}

/** The least-squares slope of `value` against the minute. */
function slope(samples: Sample[], value: (s: Sample) => number): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, p) => s + p.minute, 0) / n;
  const my = samples.reduce((s, p) => s + value(p), 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.minute - mx) * (value(p) - my);
    den += (p.minute - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-soak-'));
  const [port, mqttPort] = [await freePort(), await freePort()];
  const password = `Soak-${randomBytes(6).toString('hex')}!`;
  const metricsToken = randomBytes(24).toString('hex');
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = process.env.DATABASE_URL;
  process.stdout.write(
    `soak: ${MINUTES} min on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}, ${READERS} readers at ` +
      `${READS_PER_SECOND} reads/s in all (half over MQTT), ${USERS} users; ${os.cpus().length} cores\n`,
  );
  const { child, exited } = await startServer({
    HOST: '127.0.0.1',
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    ADMIN_PASSWORD: password,
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  let stoppedEarly = false;
  void exited.then(() => (stoppedEarly = true));
  const controller = new AbortController();
  const started = Date.now();
  const samples: Sample[] = [];
  let summaries: SimulateSummary[] = [];
  try {
    await waitUntilReady(base, exited);
    const token = await signIn(base, password);
    const readers = await createReaders(base, token, READERS);
    const half = Math.ceil(readers.length / 2);
    const duration = MINUTES * 60_000;
    const sampler = (async () => {
      while (!controller.signal.aborted) {
        const memory = await sampleMemory(base, metricsToken);
        if (memory) samples.push({ minute: (Date.now() - started) / 60_000, ...memory });
        await sleep(SAMPLE_EVERY_MS);
      }
    })();
    const readerRuns = [
      { transport: 'http' as const, readers: readers.slice(0, half) },
      { transport: 'mqtt' as const, readers: readers.slice(half) },
    ]
      .filter((run) => run.readers.length > 0)
      .map((run) =>
        simulate({
          url: base,
          readers: run.readers,
          transport: run.transport,
          mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
          tags: 2_000,
          sku: SKU,
          rate: (READS_PER_SECOND * run.readers.length) / readers.length,
          moves: 0.2,
          signal: controller.signal,
        }).catch((error: unknown) => {
          failures.add(`readers (${run.transport})`, String(error));
          return null;
        }),
      );
    const users = Array.from({ length: USERS }, (_, i) =>
      user(base, password, i, controller.signal).catch((error: unknown) => failures.add('user', String(error))),
    );
    const minuteTimer = setInterval(() => {
      const last = samples[samples.length - 1];
      process.stdout.write(
        `  ${((Date.now() - started) / 60_000).toFixed(0).padStart(3)} min: RSS ${last?.rssMb.toFixed(1) ?? '?'} MB, ` +
          `heap ${last?.heapMb.toFixed(1) ?? '?'} MB, ${[...calls.values()].reduce((s, c) => s + c.count, 0)} user calls, ` +
          `${failures.total} failures\n`,
      );
    }, 60_000);
    while (Date.now() - started < duration && !stoppedEarly) await sleep(1_000);
    clearInterval(minuteTimer);
    controller.abort();
    summaries = (await Promise.all(readerRuns)).filter((s): s is SimulateSummary => s !== null);
    await Promise.all(users);
    await sampler;
    if (stoppedEarly) failures.add('server', 'the server stopped during the soak');
  } finally {
    controller.abort();
    child.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(30_000).then(() => -1)]);
    if (code === -1) {
      child.kill('SIGKILL');
      failures.add('server', 'the server did not stop within 30 s of SIGTERM');
    } else if (code !== 0 && !stoppedEarly) failures.add('server', `the server stopped with code ${code}`);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const minutes = (Date.now() - started) / 60_000;
  const reads = summaries.reduce((s, r) => s + r.reads, 0);
  const batches = summaries.reduce((s, r) => s + r.batches, 0);
  const refused = summaries.reduce((s, r) => s + r.refused, 0);
  if (refused > 0) failures.add('reads refused', `${refused} batches refused`);
  process.stdout.write(
    `\nreaders: ${reads.toLocaleString('en')} reads in ${batches.toLocaleString('en')} batches ` +
      `(${(reads / (minutes * 60)).toFixed(0)} reads/s), ${summaries.reduce((s, r) => s + r.moved, 0).toLocaleString('en')} moves, ` +
      `${summaries.reduce((s, r) => s + r.created, 0).toLocaleString('en')} items created, ${refused} refused\n`,
  );
  process.stdout.write('users:\n');
  for (const [label, entry] of calls) {
    const sorted = [...entry.times].sort((a, b) => a - b);
    process.stdout.write(
      `  ${label.padEnd(26)} ${String(entry.count).padStart(7)} calls, p50 ${pct(sorted, 0.5).toFixed(1)} ms, p95 ${pct(sorted, 0.95).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(0)} ms\n`,
    );
  }
  const steady = samples.filter((s) => s.minute >= minutes * WARM_UP_SHARE);
  const rssSlope = slope(steady, (s) => s.rssMb);
  // The heap's floor: the least heap used in each two minutes (after a collection), its trend free
  // of the sawtooth between collections.
  const floors = new Map<number, Sample>();
  for (const sample of steady) {
    const window = Math.floor(sample.minute / 2);
    const kept = floors.get(window);
    if (!kept || sample.heapMb < kept.heapMb) floors.set(window, sample);
  }
  const heapSlope = slope([...floors.values()], (s) => s.heapMb);
  const first = steady[0];
  const last = steady[steady.length - 1];
  process.stdout.write(
    `memory after the first ${(minutes * WARM_UP_SHARE).toFixed(1)} min (${steady.length} samples): RSS ${first?.rssMb.toFixed(1)} → ${last?.rssMb.toFixed(1)} MB, ` +
      `trend ${rssSlope >= 0 ? '+' : ''}${rssSlope.toFixed(2)} MB/min; heap used ${first?.heapMb.toFixed(1)} → ${last?.heapMb.toFixed(1)} MB, ` +
      `its floor's trend ${heapSlope >= 0 ? '+' : ''}${heapSlope.toFixed(2)} MB/min; peak RSS ${Math.max(...samples.map((s) => s.rssMb)).toFixed(1)} MB\n`,
  );
  process.stdout.write(`failures: ${failures.total}\n`);
  for (const [kind, entry] of failures.byKind) {
    process.stdout.write(`  ${kind}: ${entry.count}\n${entry.examples.map((e) => `    ${e}\n`).join('')}`);
  }
  const grew = rssSlope >= GROWTH_LIMIT_MB_PER_MINUTE;
  if (reads === 0) process.stdout.write('no reads were applied: is SOAK_SKU a NID32 product of the demo?\n');
  const passed = failures.total === 0 && !grew && reads > 0 && steady.length >= 2;
  process.stdout.write(passed ? 'soak passed\n' : 'soak FAILED\n');
  process.exit(passed ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
