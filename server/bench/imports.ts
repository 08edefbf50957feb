// Import scenario of the bench: 1,000 products, then 100,000 items spread over the bench's
// location tree, each file previewed and committed through the HTTP API (multipart upload).
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { encodeEpc } from '@tagtrack/contract';
import { multipart } from '../test/multipart.js';

const PRODUCTS = 1_000;
const ITEMS = 100_000;

function csvFile(rows: string[]): Buffer {
  return Buffer.from(rows.join('\n') + '\n');
}

async function timed(
  app: FastifyInstance,
  auth: Record<string, string>,
  label: string,
  url: string,
  file: Buffer,
  rows: number,
  expected: number,
) {
  const body = multipart({}, { filename: 'bench.csv', contentType: 'text/csv', data: file });
  // Peak JavaScript memory over the call (heap, garbage not yet collected included, and buffers).
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 20);
  const start = performance.now();
  const res = await app.inject({ method: 'POST', url, headers: { ...auth, ...body.headers }, payload: body.payload });
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  if (res.statusCode !== expected) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  process.stdout.write(
    `${label.padEnd(34)} ${String(rows).padStart(7)} rows  ${(file.length / 1e6).toFixed(1)} MB  ${seconds.toFixed(2)} s  ${(rows / seconds).toFixed(0).padStart(6)} rows/s  heap peak +${((peak - before) / 1e6).toFixed(0)} MB\n`,
  );
}

/** Needs the bench's tree (Site s > Building s.b > Zone z, 20 × 10 × 25). */
export async function benchImports(app: FastifyInstance, auth: Record<string, string>) {
  const products = ['sku,name,product_code,description'];
  for (let i = 1; i <= PRODUCTS; i++) products.push(`${i},Bench product ${i},BP-${i},Imported by the bench`);
  const productFile = csvFile(products);
  await timed(
    app,
    auth,
    'POST product import preview',
    '/master-data/product/import/preview/',
    productFile,
    PRODUCTS,
    200,
  );
  await timed(app, auth, 'POST product import (commit)', '/master-data/product/import/', productFile, PRODUCTS, 201);

  const items = ['epc,name,location,status'];
  for (let i = 0; i < ITEMS; i++) {
    const s = i % 20;
    const b = Math.floor(i / 20) % 10;
    const z = Math.floor(i / 200) % 25;
    const epc = encodeEpc('NID32', String(1 + (i % PRODUCTS)), String(i));
    items.push(`${epc},Item ${i},Site ${s} > Building ${s}.${b} > Zone ${z},${i % 7 === 0 ? 'out' : 'in'}`);
  }
  const itemFile = csvFile(items);
  await timed(app, auth, 'POST item import preview', '/tag-data/tag/import/preview/', itemFile, ITEMS, 200);
  await timed(app, auth, 'POST item import (commit)', '/tag-data/tag/import/', itemFile, ITEMS, 201);
}
