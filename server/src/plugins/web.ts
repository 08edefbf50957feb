import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Path prefixes that belong to the API: an unknown path under them is a NotFound, never the app. */
export const API_PREFIXES = [
  '/api/',
  '/accounts/',
  '/configuration/',
  '/tag-data/',
  '/master-data/',
  '/report/',
  '/sensor-data/',
  '/process-data/',
  '/ingest/',
  '/healthz',
  '/readyz',
  // The operator's metrics (plugins/metrics.ts): a NotFound where they are not served, never the console.
  '/metrics',
];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

/**
 * Serves the built console (web/dist): files as they are (or their precompressed twins), hashed
 * assets cached for a year, and index.html for every other GET that is not an API path (the single-page app routes itself).
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'the console is not built: only the API is served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    // The build writes `.br` and `.gz` beside each script, style, page and translations file
    // (web/vite.config.ts): sent as the browser accepts them, compressed once rather than per request.
    preCompressed: true,
    // The not-found handler (app.ts) sets cache-control itself: a year for hashed assets, no-cache
    // for the rest; left on, @fastify/static would replace it with max-age=0 on every file.
    cacheControl: false,
  });
  return true;
}

export function resolveWebDist(configured: string | undefined): string {
  return path.resolve(configured ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../../../web/dist'));
}
