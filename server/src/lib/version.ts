import { readFileSync } from 'node:fs';

/** The backend version: the server package's version. */
export const BACKEND_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
