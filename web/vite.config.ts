import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The server answers these prefixes; in `vite dev` they are proxied to a locally running server. */
const SERVER_PREFIXES = ['/api', '/accounts', '/configuration', '/healthz', '/readyz'];
const SERVER_ORIGIN = 'http://127.0.0.1:8080';

/** MUI, emotion, the forms and zod: what the screens share, in one chunk where 30 or more use a module. */
const UI_LIBRARIES =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material)|@emotion|@popperjs|react-transition-group|react-hook-form|@hookform|zod|notistack|goober|clsx|react-is|@babel)[\\/]/;

const LOCALES = fileURLToPath(new URL('./public/locales', import.meta.url));

/** A language's namespaces as one JSON object, `{ "common": {…}, "auth": {…}, … }`. */
function localeBundle(language: string): string {
  const dir = path.join(LOCALES, language);
  const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  const bundle = Object.fromEntries(
    files.sort().map((file) => [path.basename(file, '.json'), JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
  );
  return JSON.stringify(bundle);
}

/**
 * /locales/<lng>.json, each language's translations in one file (src/lib/locale-bundles.ts reads
 * them): one request where one a namespace took 28. Written into the build, served by `vite dev`.
 */
function localeBundles(): Plugin {
  return {
    name: 'tagtrack-locale-bundles',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = request.url?.match(/^\/locales\/([\w-]+)\.json(?:\?|$)/)?.[1];
        if (!language || !existsSync(path.join(LOCALES, language))) return next();
        response.setHeader('content-type', 'application/json');
        response.end(localeBundle(language));
      });
    },
    generateBundle() {
      for (const language of readdirSync(LOCALES)) {
        this.emitFile({ type: 'asset', fileName: `locales/${language}.json`, source: localeBundle(language) });
      }
    },
    writeBundle(options) {
      // public/ is copied whole; the console reads only the bundles, not one file a namespace.
      const locales = path.join(options.dir ?? 'dist', 'locales');
      for (const language of readdirSync(LOCALES))
        rmSync(path.join(locales, language), { recursive: true, force: true });
    },
  };
}

/** What is worth compressing: text the browser fetches, from a size where compression pays. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|webmanifest)$/;
const COMPRESS_FROM_BYTES = 1024;

function compressTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressTree(file);
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size >= COMPRESS_FROM_BYTES) {
      const content = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every script, style, page and translations file of the
 * build, compressed once at the highest levels: the server sends the one the browser accepts
 * (@fastify/static's `preCompressed`) without compressing anything per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tagtrack-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      compressTree(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), localeBundles(), precompress()],
  server: {
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: SERVER_ORIGIN, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Few chunks rather than many: every request of a page waits its turn among the browser's
        // six connections to the server, so fifty small shared chunks cost more than their bytes
        // (docs/benchmarks.md, "The console's first page"). The first page's own modules (what
        // main.tsx imports) make two files; libraries and shared parts of the console that many
        // lazy chunks use make one each; the rest is split per page as before.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 4 },
            { name: 'boot', tags: ['$initial'], priority: 3 },
            { name: 'ui', test: UI_LIBRARIES, minShareCount: 30, priority: 2 },
            // MUI's components and icons that two or more chunks share, in one file: the signed-in
            // frame and a page used to fetch about twenty of 0.3–2 kB each, three more turns of
            // the six connections (the item list's paint 8.0 → 6.1 s on the bench's slow network).
            {
              name: 'ui-parts',
              test: /node_modules[\\/]@mui[\\/](material|icons-material)[\\/]/,
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'shared',
              test: /[\\/](web[\\/]src[\\/](components|lib|shared)|contract[\\/]src)[\\/]/,
              minShareCount: 8,
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // The contract's modules only declare schemas, tables and pure functions: a module the
        // console does not use (the server's ingest schemas, say) is left out of the bundle, and
        // the first page does not pull zod in for a constant.
        moduleSideEffects: [{ test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
