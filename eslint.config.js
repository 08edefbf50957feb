import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './web/lint/feature-boundaries.js';

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
    // SECURITY: the owner's connection passes row-level security. Only the privileged path (the
    // files below, listed in docs/architecture.md) may reach it; everything else acts for one
    // customer through a TenantScope or CustomerAccess.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.test.ts',
      'server/src/db/**',
      'server/src/app.ts',
      'server/src/server.ts',
      'server/src/modules/index.ts',
      'server/src/lib/context.ts',
      'server/src/system/**',
      'server/src/tools/cli/**',
      'server/src/tools/demo/**',
      'server/src/modules/tracking/lost-detection.service.ts',
      'server/src/modules/sensors/reader-health.service.ts',
      'server/src/transports/mqtt/start-mqtt.ts',
      'server/src/jobs/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^(PrivilegedDb|SystemContext)$/]',
          message: 'The privileged path (the owner connection) is for the files eslint.config.js lists.',
        },
        {
          selector: "MemberExpression[property.name='privileged']",
          message: 'The privileged path (the owner connection) is for the files eslint.config.js lists.',
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
