// npm run bench:web: how fast the console's first pages show on a slow device, in Chromium.
//
// Builds the console if needed, starts the real server with demo data on a free port and a
// temporary data folder, and loads two pages with a cold cache, each in a fresh browser context,
// under the throttling of Chrome DevTools' "Fast 3G" preset with a 4× slower CPU (as Lighthouse
// defines them):
//   - /login, signed out;
//   - the item list (/, Item Tracking), signed in as the demo admin (signed in unthrottled first;
//     the measured load then bypasses the browser's cache).
// For each: the largest contentful paint (PerformanceObserver, buffered), the first contentful
// paint, when the item list's first row appeared, and the JavaScript transferred. Several runs
// (BENCH_WEB_RUNS, default 5): median and max. It reports figures and asserts nothing.
//
// WEB_DIST=<a built console> serves another build (to compare two); BENCH_WEB_GZIP=1 puts a proxy
// that gzips the answers (level 6, as a reverse proxy would) between the browser and the server,
// which sends them uncompressed; CHROMIUM_PATH as in the e2e tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium, ensureDependencies, ensureWebBuild, root } from './lib.mjs';

// recordPaints and the page.evaluate callbacks run in the browser.
/* global window, document, MutationObserver */

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const PASSWORD = 'Bench-demo-pass-1';
/** Chrome DevTools' "Fast 3G" (Lighthouse's throttling constants): bytes per second, milliseconds. */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The real server on the built console, with demo data, on its own port and data folder. */
async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
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
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not become ready:\n${output}`);
}

/** A proxy in front of `target` that gzips what a reverse proxy would (scripts, JSON, HTML, SVG). */
async function startGzipProxy(target) {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        if (!accepts || !/javascript|json|html|css|svg/.test(type)) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const body = gzipSync(Buffer.concat(chunks), { level: 6 });
          const headers = { ...answer.headers, 'content-encoding': 'gzip', 'content-length': body.length };
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    forward.setHeader('accept-encoding', 'identity');
    for (const [name, value] of Object.entries(request.headers)) {
      if (name !== 'accept-encoding' && value !== undefined) forward.setHeader(name, value);
    }
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Runs in the page from its first byte: records the largest contentful paint's entries and when
 * the item list's first row was added, for the bench to read once the page has settled.
 */
function recordPaints() {
  const state = { lcp: [], rowAt: null };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const text = (entry.element?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const element = entry.element
        ? `${entry.element.tagName.toLowerCase()}${entry.element.dataset?.testid ? `[${entry.element.dataset.testid}]` : ''}`
        : entry.url || '?';
      state.lcp.push({ time: entry.startTime, size: entry.size, element, text });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver((_records, observer) => {
    if (document.querySelector('[data-testid="item-row"]')) {
      state.rowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Throttles the page (CPU and network, no cache) and counts what it transfers, by resource type. */
async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  const types = new Map();
  const transferred = {};
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const type = types.get(requestId) ?? 'Other';
    transferred[type] ??= { bytes: 0, requests: 0 };
    transferred[type].bytes += encodedDataLength;
    transferred[type].requests += 1;
  });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return transferred;
}

/** Waits until the network has been quiet for `quietMs` (the page's last paint has come). */
async function settle(page, quietMs = 1500) {
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(quietMs);
}

async function measure(page, transferred, ready) {
  await ready();
  await settle(page);
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const lcp = window.__bench.lcp.at(-1) ?? null;
    // The last answer that came before the paint: what is left of the LCP after it is the CPU's.
    const lastResponse = Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .map((entry) => entry.responseEnd)
        .filter((end) => lcp === null || end <= lcp.time),
    );
    return { fcp, lcp, rowAt: window.__bench.rowAt, lastResponse };
  });
  return { ...result, transferred };
}

async function loginRun(browser, url) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 820 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.addInitScript(recordPaints);
    const transferred = await throttle(context, page);
    await page.goto('/login', { timeout: 120_000 });
    return await measure(page, transferred, () =>
      page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 120_000 }),
    );
  } finally {
    await context.close();
  }
}

async function itemListRun(browser, url) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 820 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('item-row').first().waitFor({ timeout: 60_000 });
    await page.addInitScript(recordPaints);
    const transferred = await throttle(context, page);
    await page.goto('/', { timeout: 120_000 });
    return await measure(page, transferred, () => page.getByTestId('item-row').first().waitFor({ timeout: 120_000 }));
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => (value === null || value === undefined ? '–' : `${Math.round(value)} ms`);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function report(name, runs) {
  const figure = (pick) => {
    const values = runs.map(pick).filter((v) => typeof v === 'number');
    return values.length ? `median ${ms(median(values))}, max ${ms(Math.max(...values))}` : '–';
  };
  const script = runs.map((r) => r.transferred.Script ?? { bytes: 0, requests: 0 });
  const all = runs.map((r) => Object.values(r.transferred).reduce((sum, t) => sum + t.bytes, 0));
  const requests = runs.map((r) => Object.values(r.transferred).reduce((sum, t) => sum + t.requests, 0));
  const lines = [
    `${name} (${runs.length} runs)`,
    `  largest contentful paint   ${figure((r) => r.lcp?.time)}`,
    `  first contentful paint     ${figure((r) => r.fcp)}`,
  ];
  if (runs.some((r) => r.rowAt !== null)) lines.push(`  first item row shown       ${figure((r) => r.rowAt)}`);
  lines.push(`  last answer before the LCP ${figure((r) => r.lastResponse)}`);
  const elements = [...new Set(runs.map((r) => (r.lcp ? `${r.lcp.element} "${r.lcp.text}"` : '–')))];
  lines.push(
    `  LCP element                ${elements.join('; ')}`,
    `  JavaScript transferred     ${kB(median(script.map((s) => s.bytes)))} in ${median(script.map((s) => s.requests))} files (median)`,
    `  everything transferred     ${kB(median(all))} in ${median(requests)} requests (median)`,
    `  LCP of each run            ${runs.map((r) => ms(r.lcp?.time)).join(', ')}`,
  );
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

await ensureDependencies();
await ensureChromium();
if (!process.env.WEB_DIST) await ensureWebBuild();
const server = await startServer();
const proxy =
  process.env.BENCH_WEB_GZIP === '1'
    ? await startGzipProxy(server.url).catch(async (error) => {
        await server.stop();
        throw error;
      })
    : undefined;
const url = proxy?.url ?? server.url;
let browser;
const cleanUp = async () => {
  await browser?.close().catch(() => undefined);
  await proxy?.stop();
  await server.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  process.stdout.write(
    `Chromium ${browser.version()}, CPU ×${CPU_SLOWDOWN} slower, network ${FAST_3G.latency} ms latency, ` +
      `${kB(FAST_3G.downloadThroughput)}/s down, ${kB(FAST_3G.uploadThroughput)}/s up; ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}` +
      `${proxy ? '; answers gzipped by a proxy (BENCH_WEB_GZIP=1)' : ''}\n\n`,
  );
  const login = [];
  const items = [];
  // Alternated, so a change in the machine's load touches both pages alike.
  for (let i = 0; i < RUNS; i += 1) {
    login.push(await loginRun(browser, url));
    items.push(await itemListRun(browser, url));
  }
  report('/login, signed out', login);
  report('/ (the item list), signed in as the demo admin', items);
  process.stdout.write(
    `load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
} finally {
  await cleanUp();
}
