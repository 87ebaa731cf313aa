import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY, sanitizeSettings } from './settings-store';
import { applyTheme } from './apply-theme';

async function freshStore() {
  vi.resetModules();
  return (await import('./settings-store')).useSettingsStore;
}

beforeEach(() => localStorage.clear());

describe('theme settings store', () => {
  it('starts from the spec §9 defaults', async () => {
    const store = await freshStore();
    expect(DEFAULT_SETTINGS).toEqual({
      themeMode: 'dark',
      themeLayout: 'sideblock',
      cardSkin: 'shadow-sm',
      isMonochrome: false,
      darkColorScheme: 'mirage',
      lightColorScheme: 'slate',
      primaryColorScheme: 'amber',
      notification: { position: 'bottom-right', isExpanded: false, visibleToasts: 3 },
    });
    expect(store.getState()).toMatchObject(DEFAULT_SETTINGS);
  });

  it('persists exactly the spec fields, as a plain object, under "settings"', async () => {
    const store = await freshStore();
    store.getState().update({ themeMode: 'light', themeLayout: 'main-layout' });
    store.getState().updateNotification({ position: 'top-center' });
    const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!);
    expect(Object.keys(saved).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(saved.themeMode).toBe('light');
    expect(saved.themeLayout).toBe('main-layout');
    expect(saved.notification).toEqual({ position: 'top-center', isExpanded: false, visibleToasts: 3 });
  });

  it('survives a reload', async () => {
    let store = await freshStore();
    store.getState().update({ darkColorScheme: 'navy', isMonochrome: true, primaryColorScheme: 'rose' });
    store = await freshStore();
    expect(store.getState()).toMatchObject({ darkColorScheme: 'navy', isMonochrome: true, primaryColorScheme: 'rose' });
  });

  it('repairs invalid stored values field by field', async () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ themeMode: 'neon', cardSkin: 'bordered', notification: { visibleToasts: 99, isExpanded: true } }),
    );
    const store = await freshStore();
    expect(store.getState()).toMatchObject({
      themeMode: 'dark',
      cardSkin: 'bordered',
      notification: { position: 'bottom-right', isExpanded: true, visibleToasts: 3 },
    });
    expect(sanitizeSettings('garbage')).toEqual(DEFAULT_SETTINGS);
  });

  it('reset goes back to the defaults', async () => {
    const store = await freshStore();
    store.getState().update({ themeMode: 'system' });
    store.getState().reset();
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('applyTheme', () => {
  it('writes classes and data attributes on <html>', () => {
    const root = document.createElement('html');
    applyTheme({ ...DEFAULT_SETTINGS, isMonochrome: true }, root);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('is-monochrome')).toBe(true);
    expect(root.dataset).toMatchObject({ darkScheme: 'mirage', lightScheme: 'slate', primary: 'amber', cardSkin: 'shadow-sm' });
    applyTheme({ ...DEFAULT_SETTINGS, themeMode: 'light' }, root);
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.classList.contains('is-monochrome')).toBe(false);
  });

  it('system mode follows prefers-color-scheme', () => {
    const root = document.createElement('html');
    let dark = true;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('dark') && dark }) as MediaQueryList);
    applyTheme({ ...DEFAULT_SETTINGS, themeMode: 'system' }, root);
    expect(root.classList.contains('dark')).toBe(true);
    dark = false;
    applyTheme({ ...DEFAULT_SETTINGS, themeMode: 'system' }, root);
    expect(root.classList.contains('dark')).toBe(false);
    vi.unstubAllGlobals();
  });
});
