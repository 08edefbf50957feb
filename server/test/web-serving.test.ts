import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

// The built console as the server sends it: a build in miniature, with the `.br` and `.gz` twins
// web/vite.config.ts writes beside its scripts, and one script written without them.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const page = '<!doctype html><html><head><title>Tagtrack</title></head><body><div id="root"></div></body></html>';
const translations = JSON.stringify({ common: { hello: 'Hello' } });

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'locales'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'assets', 'plain-def456.js'), script);
  writeFileSync(path.join(dist, 'locales', 'en.json'), translations);
  writeFileSync(path.join(dist, 'locales', 'en.json.gz'), gzipSync(translations));
  t = await buildTestApp({ serveWeb: true, env: { WEB_DIST: dist } });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the console’s files', () => {
  it('sends a script brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip where brotli is not accepted, and the file as it is where neither is', async () => {
    const gzipped = await t.call({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await t.call({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('falls back to the file itself when the build wrote no compressed twin', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/assets/plain-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);

    const translated = await t.call({
      method: 'GET',
      url: '/locales/en.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(translated.headers['content-encoding']).toBe('gzip');
    expect(translated.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(gunzipSync(translated.rawPayload).toString())).toEqual({ common: { hello: 'Hello' } });
  });

  it('answers the console’s routes with index.html, never cached, and API paths with NotFound', async () => {
    const res = await t.call({ method: 'GET', url: '/reports/scheduled', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(page);

    const missing = await t.call({ method: 'GET', url: '/assets/missing-000000.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.call({ method: 'GET', url: '/api/no-such-thing/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ type: 'NotFound' });
  });
});
