import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { useClientStore } from './lib/client-store';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

void initI18n({ language: useClientStore.getState().language }).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
