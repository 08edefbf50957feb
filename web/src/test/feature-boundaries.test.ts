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

  it('keeps shared/ free of features, as lib and components are', () => {
    const file = 'shared/locations/location-filter.tsx';
    expect(lint(file, "import { x } from '../../features/locations';")).toHaveLength(1);
    expect(lint(file, "import { x } from '../../features/catalogue/api/products';")).toHaveLength(1);
    expect(lint(file, "vi.mock('../../features/locations/api/locations');")).toHaveLength(1);
    expect(lint(file, "import { x } from './location-tree-picker';")).toEqual([]);
    expect(lint(file, "import { x } from '../configuration/get-instance-subscription';")).toEqual([]);
    expect(lint(file, "import { x } from '../../lib/api';")).toEqual([]);
    expect(lint(file, "import { x } from '../../components/page-header';")).toEqual([]);
  });

  it('lets nothing below app/ import it', () => {
    const probes: [string, string][] = [
      ['features/locations/components/use-route-exists.ts', "import { x } from '../../../app/route-table';"],
      ['features/catalogue/products/product.test.tsx', "import { x } from '../../../app/providers';"],
      ['lib/i18n.ts', "const m = import('../app/mui-locales');"],
      ['components/page-header.tsx', "export { x } from '../app/theme';"],
      ['shared/locations/location-filter.tsx', "import { x } from '../../app/route-table';"],
      ['shared/catalogue/picker-queries.ts', "vi.mock('../../app/router');"],
    ];
    for (const [file, code] of probes) expect(lint(file, code), file).toHaveLength(1);
    expect(lint('lib/i18n.ts', "import { x } from './language-locales';")).toEqual([]);
    expect(
      lint('features/locations/components/use-route-exists.ts', "import { x } from '../../../lib/built-features';"),
    ).toEqual([]);
  });

  it('lets the app, the test harness and the entry import the app', () => {
    expect(lint('app/router.tsx', "import { x } from './route-table';")).toEqual([]);
    expect(lint('app/layout/side-menu.tsx', "import { x } from '../route-table';")).toEqual([]);
    expect(lint('test/render.tsx', "import { x } from '../app/providers';")).toEqual([]);
    expect(lint('main.tsx', "import { x } from './app/app';")).toEqual([]);
  });
});
