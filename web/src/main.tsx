import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFirstScreen } from './app/first-screen';
import { useClientStore } from './lib/client-store';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const { language, access } = useClientStore.getState();
// Nothing renders before the translations have come: the shell (providers, router, MUI) is fetched
// beside them and the first screen's own requests, rather than before any of them can start.
const shell = import('./app/app');
prefetchFirstScreen(window.location.pathname, access !== null);
void Promise.all([initI18n({ language }).catch((error: unknown) => console.error(error)), shell]).then(
  ([, { App }]) => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
);
