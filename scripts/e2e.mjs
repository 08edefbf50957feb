// npm run test:e2e: the browser tests alone (installs Chromium and builds the console if needed).
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureWebBuild, root, run } from './lib.mjs';

await ensureDependencies();
await ensureChromium();
await ensureWebBuild();
process.exit(
  await run(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'e2e', ...process.argv.slice(2)]),
);
