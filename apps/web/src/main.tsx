import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initApi } from './api/clients.ts';
import { loadRuntimeConfig } from './api/config.ts';
import { App } from './app/App.tsx';
import './i18n/index.ts';

/** Reads the runtime configuration, then mounts the app. */
async function start() {
  initApi(await loadRuntimeConfig());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
