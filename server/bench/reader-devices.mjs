// Loads the reader devices' worker (reader-devices.ts) through tsx: a worker thread does not
// inherit the TypeScript loader of the bench on every Node.js version.
import { tsImport } from 'tsx/esm/api';

await tsImport('./reader-devices.ts', import.meta.url);
