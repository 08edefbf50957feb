import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi-document.js';

describe('the committed OpenAPI document', () => {
  it('matches the routes (regenerate with: npm run openapi -w server)', async () => {
    const committed = JSON.parse(await readFile(OPENAPI_PATH, 'utf8')) as { paths: Record<string, unknown> };
    const current = (await buildOpenApiDocument()) as { paths: Record<string, unknown> };
    expect(Object.keys(current.paths)).toContain('/api/token/');
    expect(committed).toEqual(current);
  });
});
