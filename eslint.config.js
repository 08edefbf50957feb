import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './web/lint/feature-boundaries.js';
import serverLayers from './server/lint/server-layers.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'server/src/db/migrations/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, tagtrack: featureBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'tagtrack/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The console does not import the server.' }] },
      ],
    },
  },
  {
    // The server's walls (docs/architecture.md, "Walls"). Each module sits on a floor and imports
    // only modules on lower floors, through their services: adding a module means choosing its floor.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    plugins: { server: serverLayers },
    rules: {
      'server/server-layers': [
        'error',
        {
          floors: {
            encodings: 1,
            counts: 1,
            outbox: 1,
            'error-reports': 1,
            'measurement-types': 1,
            identity: 2,
            categories: 2,
            readers: 2,
            products: 3,
            locations: 3,
            configuration: 3,
            items: 4,
            tracking: 5,
            imports: 5,
            reports: 5,
            sensors: 6,
            'inventory-sessions': 6,
          },
        },
      ],
    },
  },
  {
    // SECURITY: the owner's connection passes row-level security. Only system/ (cross-customer
    // work), jobs/, tools/, db/ and the entry points may reach it (docs/architecture.md, "The
    // house"); everything else acts for one customer through a TenantScope or CustomerAccess.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.test.ts',
      'server/src/db/**',
      'server/src/system/**',
      'server/src/jobs/**',
      'server/src/tools/**',
      'server/src/app.ts',
      'server/src/server.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^OwnerDb$/]',
          message: 'The owner connection is for system/, jobs/, tools/, db/, app.ts and server.ts.',
        },
        {
          selector: "MemberExpression[property.name='privileged']",
          message: 'The owner connection is for system/, jobs/, tools/, db/, app.ts and server.ts.',
        },
      ],
    },
  },
  {
    // One way to reach SQL: repositories (docs/architecture.md). Routes, services and plugins call
    // them; the schema's types may be imported anywhere. Demo data is written straight to tables.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/**/*.test.ts',
      'server/src/db/**',
      'server/src/tools/demo/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/sql-rows.js'],
              message: 'SQL is written in repositories (*.repository.ts) only.',
            },
            {
              group: ['**/db/schema/index.js', '**/db/schema/*.js'],
              allowTypeImports: true,
              message: 'Tables are read and written in repositories (*.repository.ts) only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/src/**/*.ts'],
    ignores: ['contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.{1,2}/)', message: 'The contract depends on zod only.' }] },
      ],
    },
  },
  {
    // The console's tests meet the API through one fake, built from the contract's route table.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/test/stub-server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='stubGlobal'][arguments.0.value='fetch']",
          message:
            'Answer the API with stubServer (web/src/test/stub-server.ts), the one fake built from the route table.',
        },
      ],
    },
  },
);
