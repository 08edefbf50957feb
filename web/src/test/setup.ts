import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { Resource } from 'i18next';
import { initI18n } from '../lib/i18n';

// Tests read the English locale files directly instead of fetching them.
const files = import.meta.glob<{ default: Record<string, string> }>('../../public/locales/en/*.json', { eager: true });
const en = Object.fromEntries(
  Object.entries(files).map(([path, module]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), module.default]),
);
const resources: Resource = { en };

await initI18n({ language: 'en', resources });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
