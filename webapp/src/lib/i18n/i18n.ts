/**
 * i18next set-up (spec §9): en and es complete, ar partial and right-to-left, zh-cn partial.
 * The language is detected from localStorage `i18nextLng`, then the browser. Each language's
 * resources are a separate chunk loaded on demand, so the login page ships only the active one.
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
] as const;

/** The language of the default settings and the fallback for missing keys (spec §9). */
export const FALLBACK_LANGUAGE = 'es';

/** localStorage key of the chosen language (spec §9). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type Bundle = Partial<Record<string, ResourceKey>>;

const bundleLoaders = import.meta.glob<Bundle>('../../locales/*/index.ts', { import: 'resources' });

/** Loads one language's resources; a missing language or failed chunk load rejects. */
export function loadLanguageBundle(language: string): Promise<Bundle> {
  const loader = bundleLoaders[`../../locales/${language}/index.ts`];
  if (!loader) return Promise.reject(new Error(`Unknown language: ${language}`));
  return loader();
}

const bundles = new Map<string, Promise<Bundle>>();

/**
 * Backend that reads namespaces from the lazily imported language bundle. A failed load is
 * logged and answered with an empty namespace so the language still switches (spec §8) and
 * missing keys fall back to Spanish.
 */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    let bundle = bundles.get(language);
    if (!bundle) {
      bundle = loadLanguageBundle(language);
      bundles.set(language, bundle);
      bundle.catch(() => bundles.delete(language));
    }
    bundle.then(
      (resources) => callback(null, resources[namespace] ?? {}),
      (error: unknown) => {
        console.error(`Could not load the "${language}" language resources`, error);
        callback(null, {});
      },
    );
  },
};

/** The app's i18next instance. */
export const i18n = i18next.createInstance();

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
      ns: [...NAMESPACES],
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
