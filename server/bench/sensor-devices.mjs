// Loads the sensor readers' worker (sensor-devices.ts) through tsx: a worker thread does not
// inherit the TypeScript loader of the bench on every Node.js version.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sensor-devices.ts', import.meta.url);
