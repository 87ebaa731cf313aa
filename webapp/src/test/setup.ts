/** Vitest set-up: i18n with the real en/es resources, and a clean DOM, storage and cookie jar around every test. */
import { cleanup } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { i18n, NAMESPACES } from '@/lib/i18n/i18n';
import { resources as en } from '@/locales/en/index';
import { resources as es } from '@/locales/es/index';

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

beforeAll(async () => {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'es',
    resources: { en, es },
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearCookies();
});
