import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../lint/feature-boundaries.js';

/** Where the files linted are said to be (the rule is told, as it resolves relative imports from there). */
const SRC = path.resolve('/repo/web/src');

/** The messages of the rule for `code` in the file at `file` (relative to web/src). */
function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        plugins: { tagtrack: plugin },
        rules: { 'tagtrack/feature-boundaries': ['error', { root: SRC }] },
        languageOptions: { sourceType: 'module', ecmaVersion: 'latest' },
      },
    ],
    path.join(SRC, file),
  );
  return messages.map((m) => m.message);
}

describe('feature boundaries (lint rule)', () => {
  it('refuses a feature reaching into another, however the path is spelled', () => {
    const file = 'features/locations/components/location-tree.ts';
    expect(lint(file, "import { x } from '../../catalogue/api/products';")).toHaveLength(1);
    expect(lint(file, "import { x } from '../../../features/catalogue/items/item-form';")).toHaveLength(1);
    expect(lint(file, "export { x } from '../../readers/readers/api';")).toHaveLength(1);
    expect(lint(file, "const m = import('../../inventory/pages/inventory-page');")).toHaveLength(1);
    expect(lint(file, "vi.mock('../../catalogue/api/products');")).toHaveLength(1);
  });

  it('lets a feature import its own files and another feature’s index', () => {
    const file = 'features/locations/components/location-tree.ts';
    expect(lint(file, "import { x } from '../api/locations';")).toEqual([]);
    expect(lint(file, "import { x } from '../../catalogue';")).toEqual([]);
    expect(lint(file, "import { x } from '../../catalogue/index';")).toEqual([]);
    expect(lint(file, "import { x } from '../../../lib/api';")).toEqual([]);
    expect(lint(file, "import { x } from '@tagtrack/contract';")).toEqual([]);
  });

  it('keeps lib and components free of features, and lets the app compose them', () => {
    expect(lint('lib/api.ts', "import { x } from '../features/catalogue';")).toHaveLength(1);
    expect(lint('components/page-header.tsx', "import { x } from '../features/auth/pages/login-page';")).toHaveLength(
      1,
    );
    expect(lint('app/route-table.ts', "const p = import('../features/auth/pages/login-page');")).toEqual([]);
  });
});
