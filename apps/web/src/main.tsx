import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initApi } from './api/clients.ts';
import { loadRuntimeConfig } from './api/config.ts';
import { loadRefusalTexts } from './api/refusal-text.ts';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import './i18n/index.ts';

/**
 * Reads the runtime configuration, then mounts the app. The router is made first: it
 * starts downloading the chunks of the address's page while config.json is read.
 */
async function start() {
  const router = createAppRouter();
  initApi(await loadRuntimeConfig());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  void loadRefusalTexts();
}

void start();
