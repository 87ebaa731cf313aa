/**
 * Theme settings (spec §3, §9), persisted in localStorage under `settings` as the plain object
 * of the spec's fields (no zustand envelope), so other tools can read and seed it.
 */
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import type { ToastPosition } from '../toast';

/** localStorage key of the theme settings (spec §3). */
export const SETTINGS_STORAGE_KEY = 'settings';

/** Options of spec §9; primary schemes are not listed there, so these are ours. */
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export const THEME_LAYOUTS = ['main-layout', 'sideblock'] as const;
export const CARD_SKINS = ['shadow-sm', 'bordered'] as const;
export const LIGHT_SCHEMES = ['slate', 'gray', 'neutral'] as const;
export const DARK_SCHEMES = ['mint', 'navy', 'mirage', 'cinder', 'black'] as const;
export const PRIMARY_SCHEMES = ['indigo', 'blue', 'green', 'amber', 'purple', 'rose'] as const;
export const TOAST_POSITIONS: readonly ToastPosition[] = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];

export type ThemeMode = (typeof THEME_MODES)[number];
export type ThemeLayout = (typeof THEME_LAYOUTS)[number];
export type CardSkin = (typeof CARD_SKINS)[number];
export type LightScheme = (typeof LIGHT_SCHEMES)[number];
export type DarkScheme = (typeof DARK_SCHEMES)[number];
export type PrimaryScheme = (typeof PRIMARY_SCHEMES)[number];

/** Toast stack settings. */
export interface NotificationSettings {
  position: ToastPosition;
  isExpanded: boolean;
  visibleToasts: number;
}

/** Theme settings: exactly the fields of spec §3. */
export interface ThemeSettings {
  themeMode: ThemeMode;
  themeLayout: ThemeLayout;
  cardSkin: CardSkin;
  isMonochrome: boolean;
  darkColorScheme: DarkScheme;
  lightColorScheme: LightScheme;
  primaryColorScheme: PrimaryScheme;
  notification: NotificationSettings;
}

/** Defaults of spec §9. */
export const DEFAULT_SETTINGS: ThemeSettings = {
  themeMode: 'dark',
  themeLayout: 'sideblock',
  cardSkin: 'shadow-sm',
  isMonochrome: false,
  darkColorScheme: 'mirage',
  lightColorScheme: 'slate',
  primaryColorScheme: 'amber',
  notification: { position: 'bottom-right', isExpanded: false, visibleToasts: 3 },
};

/** Setters of the store. */
export interface SettingsActions {
  /** Changes any top-level settings. */
  update: (patch: Partial<Omit<ThemeSettings, 'notification'>>) => void;
  /** Changes the toast settings. */
  updateNotification: (patch: Partial<NotificationSettings>) => void;
  /** Back to the defaults. */
  reset: () => void;
}

function pick<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** Turns whatever is stored into valid settings, field by field, defaulting what is wrong. */
export function sanitizeSettings(raw: unknown): ThemeSettings {
  const s = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const n = (typeof s.notification === 'object' && s.notification !== null ? s.notification : {}) as Record<
    string,
    unknown
  >;
  const d = DEFAULT_SETTINGS;
  const visible = Number(n.visibleToasts);
  return {
    themeMode: pick(THEME_MODES, s.themeMode, d.themeMode),
    themeLayout: pick(THEME_LAYOUTS, s.themeLayout, d.themeLayout),
    cardSkin: pick(CARD_SKINS, s.cardSkin, d.cardSkin),
    isMonochrome: typeof s.isMonochrome === 'boolean' ? s.isMonochrome : d.isMonochrome,
    darkColorScheme: pick(DARK_SCHEMES, s.darkColorScheme, d.darkColorScheme),
    lightColorScheme: pick(LIGHT_SCHEMES, s.lightColorScheme, d.lightColorScheme),
    primaryColorScheme: pick(PRIMARY_SCHEMES, s.primaryColorScheme, d.primaryColorScheme),
    notification: {
      position: pick(TOAST_POSITIONS, n.position, d.notification.position),
      isExpanded: typeof n.isExpanded === 'boolean' ? n.isExpanded : d.notification.isExpanded,
      visibleToasts:
        Number.isInteger(visible) && visible >= 1 && visible <= 10 ? visible : d.notification.visibleToasts,
    },
  };
}

/** Only the spec's fields, without the store's functions. */
export function settingsOf(state: ThemeSettings): ThemeSettings {
  return sanitizeSettings(state);
}

const plainStorage: PersistStorage<ThemeSettings> = {
  getItem: (name) => {
    const raw = localStorage.getItem(name);
    if (raw === null) return null;
    try {
      return { state: sanitizeSettings(JSON.parse(raw)), version: 0 };
    } catch {
      return null;
    }
  },
  setItem: (name, value: StorageValue<ThemeSettings>) => {
    localStorage.setItem(name, JSON.stringify(settingsOf(value.state)));
  },
  removeItem: (name) => localStorage.removeItem(name),
};

/** The theme settings store hook. */
export const useSettingsStore = create<ThemeSettings & SettingsActions>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) => set(patch),
      updateNotification: (patch) => set((s) => ({ notification: { ...s.notification, ...patch } })),
      reset: () => set(DEFAULT_SETTINGS),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: plainStorage,
      partialize: (state) => settingsOf(state),
    },
  ),
);
