import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { Resource } from 'i18next';
import { initI18n } from '../lib/i18n';

// Tests read the English locale files directly instead of fetching them.
const files = import.meta.glob<{ default: Record<string, string> }>('../../public/locales/en/*.json', { eager: true });
const en = Object.fromEntries(
  Object.entries(files).map(([path, module]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), module.default]),
);
const resources: Resource = { en };

await initI18n({ language: 'en', resources });

// findBy…/waitFor wait up to 5 s (Testing Library's default is 1 s): a page's first render on a
// busy 2-core machine (the whole suite in parallel, other work beside it) can take longer, and
// an element that never comes fails all the same.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
