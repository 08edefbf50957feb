import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../lint/server-layers.js';

/** Where the files linted are said to be (the rule resolves relative imports from there). */
const SRC = path.resolve('/repo/server/src');
const FLOORS = { encodings: 1, identity: 2, readers: 2, items: 4, tracking: 5, sensors: 6 };

/** The rule's messages for `code` in the file at `file` (relative to server/src). */
function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        plugins: { server: plugin },
        rules: { 'server/server-layers': ['error', { root: SRC, floors: FLOORS }] },
        languageOptions: { parser: tseslint.parser, sourceType: 'module', ecmaVersion: 'latest' },
      },
    ],
    path.join(SRC, file),
  );
  expect(messages.filter((m) => m.ruleId !== 'server/server-layers')).toEqual([]);
  return messages.map((m) => m.message);
}

describe('server layers (lint rule)', () => {
  it('keeps the ground floor (lib/, db/, config) free of everything above it', () => {
    expect(lint('lib/errors.ts', "import { x } from '../modules/items/items.service.js';")).toHaveLength(1);
    expect(lint('lib/auth/tokens.ts', "import { x } from '../../plugins/auth.js';")).toHaveLength(1);
    expect(lint('lib/metrics.ts', "import type { X } from '../app.js';")).toHaveLength(1);
    expect(lint('db/client.ts', "import type { X } from '../lib/metrics.js';")).toHaveLength(1);
    expect(lint('lib/context.ts', "import type { X } from '../db/tenant.js';")).toEqual([]);
    expect(lint('lib/metrics.ts', "import type { Config } from '../config.js';")).toEqual([]);
    expect(lint('db/tenant.ts', "import { x } from './client.js';")).toEqual([]);
  });

  it('lets plugins speak HTTP over the ground floor only, importing no module', () => {
    expect(lint('plugins/auth.ts', "import { x } from '../modules/identity/users.service.js';")).toHaveLength(1);
    expect(lint('plugins/auth.ts', "import { x } from '../system/instance-secrets.js';")).toHaveLength(1);
    expect(lint('plugins/auth.ts', "import { x } from '../lib/auth/tokens.js';")).toEqual([]);
  });

  it('lets a module reach another only through its service, and only on a lower floor', () => {
    const file = 'modules/tracking/ingest.service.ts';
    expect(lint(file, "import { x } from '../readers/readers.repository.js';")).toHaveLength(1);
    expect(lint(file, "import { x } from '../items/item-filter.js';")).toHaveLength(1);
    expect(lint(file, "import { x } from '../sensors/sensors.service.js';")).toHaveLength(1);
    expect(lint(file, "export { x } from '../sensors/sensors.service.js';")).toHaveLength(1);
    expect(lint(file, "const m = import('../sensors/sensors.service.js');")).toHaveLength(1);
    expect(lint(file, "import { x } from '../../plugins/error-handler.js';")).toHaveLength(1);
    expect(lint(file, "import { x } from '../../jobs/housekeeping.js';")).toHaveLength(1);
    expect(lint(file, "import { x } from '../readers/readers.service.js';")).toEqual([]);
    expect(lint(file, "import { x } from '../items/items.service.js';")).toEqual([]);
    expect(lint(file, "import { x } from './tracking.repository.js';")).toEqual([]);
    expect(lint(file, "import { x } from '../../lib/errors.js';")).toEqual([]);
    // The same floor is not lower: identity and readers (both floor 2) stay apart.
    expect(
      lint('modules/readers/readers.service.ts', "import { x } from '../identity/users.service.js';"),
    ).toHaveLength(1);
  });

  it('refuses a module without a floor', () => {
    expect(lint('modules/webhooks/webhooks.service.ts', "import { x } from '../../lib/errors.js';")).toEqual([
      'The module webhooks has no floor: give it one in the floors table of eslint.config.js.',
    ]);
  });

  it('keeps repositories to their own module, even through a service', () => {
    const file = 'modules/tracking/tracking.repository.ts';
    expect(lint(file, "import { x } from '../readers/readers.service.js';")).toHaveLength(1);
    expect(lint(file, "import { x } from './batch-reader.repository.js';")).toEqual([]);
    expect(lint(file, "import { x } from '../../db/sql-rows.js';")).toEqual([]);
  });

  it('lets system/, jobs/ and transports reach modules through their services only', () => {
    expect(lint('system/provisioning.ts', "import { x } from '../modules/identity/users.repository.js';")).toHaveLength(
      1,
    );
    expect(lint('jobs/housekeeping.ts', "import { x } from '../modules/outbox/outbox.repository.js';")).toHaveLength(1);
    expect(lint('system/provisioning.ts', "import { x } from '../modules/identity/users.service.js';")).toEqual([]);
    expect(lint('jobs/housekeeping.ts', "import { x } from '../system/provisioning.js';")).toEqual([]);
    expect(lint('system/provisioning.ts', "import { x } from '../jobs/housekeeping.js';")).toHaveLength(1);
    // The app wires routes; tools may seed tables as they like.
    expect(lint('app.ts', "import { x } from './modules/items/items.routes.js';")).toEqual([]);
    expect(lint('tools/demo/seed.ts', "import { x } from '../../modules/items/items.repository.js';")).toEqual([]);
  });

  it('refuses top-level state in a module: a let, a Map', () => {
    const file = 'modules/sensors/sensors.service.ts';
    expect(lint(file, 'let known: Set<string> | undefined;')).toHaveLength(1);
    expect(lint(file, 'const caches = new WeakMap();')).toHaveLength(1);
    expect(lint(file, 'export const byId = new Map();')).toHaveLength(1);
    expect(lint(file, "const FIELDS = new Set(['a']);\nexport function f() { let x = 1; return x; }")).toEqual([]);
    expect(lint('lib/images.ts', 'let purifier = null;')).toEqual([]);
  });
});
