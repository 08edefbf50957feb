import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

export const OPENAPI_PATH = path.resolve(import.meta.dirname, '../../docs/openapi.json');

/** The API's OpenAPI document, as the app generates it from its zod schemas. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'openapi-secret-openapi-secret-openapi-0' }),
    database,
    logger: false,
    serveWeb: false,
  });
  await app.ready();
  const document = JSON.parse(JSON.stringify(app.swagger())) as unknown;
  await app.close();
  await database.close();
  return document;
}
