// npm start: installs and builds what is missing, then serves the console and the API from one
// process on PORT (default 8080), with demo data unless DEMO_DATA=0.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './lib.mjs';

try {
  await ensureDependencies();
  await ensureWebBuild();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const child = spawn(tsx, ['src/server.ts'], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    DEMO_DATA: process.env.DEMO_DATA ?? '1',
    DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
