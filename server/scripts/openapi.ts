// npm run openapi -w server: writes docs/openapi.json from the routes' zod schemas.
import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument, OPENAPI_PATH } from '../test/openapi-document.js';

await writeFile(OPENAPI_PATH, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
process.stdout.write(`Wrote ${OPENAPI_PATH}\n`);
