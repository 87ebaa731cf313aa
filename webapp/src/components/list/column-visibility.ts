/**
 * Which columns a user hid, per list, remembered in localStorage under `list-columns` (issue 9
 * §13): { "<list id>": ["<column id>", …] }. A column id that no longer exists is ignored, so a
 * renamed column simply shows again. Client state only: it never reaches the server.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The localStorage key. */
export const COLUMN_VISIBILITY_KEY = 'list-columns';

interface ColumnVisibilityState {
  /** Hidden column ids per list id. */
  hidden: Record<string, string[]>;
  /** Hides a shown column or shows a hidden one. */
  toggle: (list: string, column: string) => void;
  /** Shows every column of a list again. */
  reset: (list: string) => void;
}

/** The store hook. */
export const useColumnVisibility = create<ColumnVisibilityState>()(
  persist(
    (set, get) => ({
      hidden: {},
      toggle: (list, column) => {
        const current = get().hidden[list] ?? [];
        const next = current.includes(column) ? current.filter((c) => c !== column) : [...current, column];
        const hidden = { ...get().hidden };
        if (next.length === 0) delete hidden[list];
        else hidden[list] = next;
        set({ hidden });
      },
      reset: (list) => {
        const hidden = { ...get().hidden };
        delete hidden[list];
        set({ hidden });
      },
    }),
    {
      name: COLUMN_VISIBILITY_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ hidden: s.hidden }),
      // A hand-edited or foreign value must not break every list: keep only arrays of strings.
      merge: (persisted, current) => ({ ...current, hidden: sanitize((persisted as { hidden?: unknown } | undefined)?.hidden) }),
    },
  ),
);

function sanitize(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string[]> = {};
  for (const [list, cols] of Object.entries(value)) {
    if (Array.isArray(cols)) out[list] = cols.filter((c): c is string => typeof c === 'string');
  }
  return out;
}

/** The hidden column ids of one list (a stable empty array when none). */
export function useHiddenColumns(list: string): readonly string[] {
  return useColumnVisibility((s) => s.hidden[list] ?? NONE);
}

const NONE: readonly string[] = [];
