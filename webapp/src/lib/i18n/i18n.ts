/**
 * i18next set-up (spec §9): en and es complete, ar partial and right-to-left, zh-cn partial.
 * The language is detected from localStorage `i18nextLng`, then the browser. Every namespace of
 * every language is its own chunk loaded on demand: the app starts with SHELL_NAMESPACES (what the
 * pages before sign-in show), and the signed-in layout loads the rest before it renders
 * (loadAllNamespaces), so /login ships neither other languages nor the back office's texts.
 */
import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/**
 * Languages the interface offers, with their own names for the switcher. `partial`: only part
 * of the texts is translated (the rest shows in Spanish, the fallback); the menu says so.
 */
export const LANGUAGES = [
  { code: 'es', label: 'Español', partial: false },
  { code: 'en', label: 'English', partial: false },
  { code: 'ar', label: 'العربية', partial: true },
  { code: 'zh-cn', label: '简体中文', partial: true },
] as const;

/** A supported language code. */
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** Feature namespaces; every language folder has one JSON file per namespace (some may be partial). */
export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'settings',
  'site',
  'dashboard',
  'errors',
  'server-messages',
  'list',
  'people',
  'org',
  'catalog',
  'purchasing',
  'procurement',
  'sales',
  'payments',
  'notifications',
  'reports',
  'returns',
  'audit',
  'archive',
] as const;

/**
 * Namespaces the pages reachable before sign-in use (login, 2FA, site status, errors, the header
 * controls, server messages). tools/login-bundle-size.mjs reads this list, so it must stay a
 * literal array of strings.
 */
export const SHELL_NAMESPACES = ['common', 'auth', 'layout', 'site', 'errors', 'server-messages'] as const;

/** The language of the default settings and the fallback for missing keys (spec §9). */
export const FALLBACK_LANGUAGE = 'es';

/** localStorage key of the chosen language (spec §9). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

const namespaceLoaders = import.meta.glob<ResourceKey>('../../locales/*/*.json', { import: 'default' });

/** Loads one namespace of one language; a missing language or failed chunk load rejects. */
export function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  const loader = namespaceLoaders[`../../locales/${language}/${namespace}.json`];
  // A partial language (ar, zh-cn) may lack a namespace: its keys fall back to Spanish.
  if (!loader) return Promise.resolve({});
  return loader();
}

/**
 * Backend that reads each namespace from its lazily imported JSON chunk. A failed load is logged
 * and answered with an empty namespace so the language still switches (spec §8) and missing keys
 * fall back to Spanish.
 */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => {
        console.error(`Could not load the "${language}" language resources (${namespace})`, error);
        callback(null, {});
      },
    );
  },
};

/** The app's i18next instance. */
export const i18n = i18next.createInstance();

/**
 * `{{name, inSentence}}`: a name that other texts open a sentence with ('Orden de compra: registro
 * guardado') written inside one, as Spanish wants it ('Agregar orden de compra'): its first letter
 * lower-cased, unless the first word is an acronym ('UVT', 'NIT'), which stays as it is. English
 * texts do not use it: their titles and buttons keep the name's capitals ('Add Purchase Order').
 */
export function inSentence(value: unknown, language: string | undefined): string {
  if (typeof value !== 'string') return String(value);
  return value.replace(/^\p{Lu}(?=\p{Ll})/u, (first) => first.toLocaleLowerCase(language));
}

// The formatter exists once i18next has its services: on every init (the app's and the tests').
i18n.on('initialized', () => {
  i18n.services.formatter?.add('inSentence', (value, language) => inSentence(value, language));
});

i18n.on('languageChanged', (language) => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
});

/** Initializes i18next; resolves once the active language is loaded. */
export function initI18n(): Promise<unknown> {
  if (i18n.isInitialized) return Promise.resolve();
  return i18n
    .use(lazyBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: LANGUAGES.map((l) => l.code),
      lowerCaseLng: true,
      load: 'currentOnly',
      // Fallback is Spanish (spec §9); English is complete, so it needs no second bundle.
      fallbackLng: { en: ['en'], default: [FALLBACK_LANGUAGE] },
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
}

/**
 * Loads every namespace not loaded yet (in the active and fallback languages); the signed-in
 * layout awaits it so its pages render with their texts, as they did when one chunk held them all.
 */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces([...NAMESPACES]);
}
