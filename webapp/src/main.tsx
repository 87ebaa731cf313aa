/**
 * Entry point: apply the stored theme before the first paint, load the active language, create
 * the router, then run the app initialization of spec §4 (site status, then session).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { initializeApp } from './app/bootstrap';
import { routes } from './app/routes';
import { initI18n } from './lib/i18n/i18n';
import { setNavigator } from './lib/navigation';
import { applyTheme } from './lib/theme/apply-theme';
import { settingsOf, useSettingsStore } from './lib/theme/settings-store';
import './index.css';

applyTheme(settingsOf(useSettingsStore.getState()));

const router = createBrowserRouter(routes);
setNavigator((to, options) => void router.navigate(to, options));

async function start(): Promise<void> {
  const language = initI18n().catch((error: unknown) => console.error('i18n initialization failed', error));
  void initializeApp(window.location.pathname);
  await language;
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
