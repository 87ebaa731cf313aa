/**
 * Applies the theme settings to <html>: the `dark` class, data attributes the CSS variables key
 * on (color schemes, card skin, layout), and the monochrome filter class. System mode follows
 * prefers-color-scheme live.
 */
import type { ThemeSettings } from './settings-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the page should render dark for this mode right now. */
export function resolveDark(mode: ThemeSettings['themeMode']): boolean {
  if (mode === 'dark') return true;
  if (mode === 'light') return false;
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Writes the settings onto the root element. */
export function applyTheme(settings: ThemeSettings, root: HTMLElement = document.documentElement): void {
  const dark = resolveDark(settings.themeMode);
  root.classList.toggle('dark', dark);
  root.classList.toggle('is-monochrome', settings.isMonochrome);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.dataset.themeMode = settings.themeMode;
  root.dataset.lightScheme = settings.lightColorScheme;
  root.dataset.darkScheme = settings.darkColorScheme;
  root.dataset.primary = settings.primaryColorScheme;
  root.dataset.cardSkin = settings.cardSkin;
  root.dataset.layout = settings.themeLayout;
}

/** Calls back whenever the operating system's dark preference changes; returns an unsubscribe. */
export function watchSystemDark(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
