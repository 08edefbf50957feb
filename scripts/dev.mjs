// npm run dev: the API (reloading on change) and Vite's dev server with its proxy to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  DEMO_DATA: process.env.DEMO_DATA ?? '1',
  DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
};
const children = [
  spawn(bin('tsx'), ['watch', 'src/server.ts'], { cwd: path.join(root, 'server'), stdio: 'inherit', env }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'web'), stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
