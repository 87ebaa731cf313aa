/**
 * Sidebar state (spec §2): open by default on extra-large screens, closed when the size class
 * changes to a smaller one, and open again when the screen grows back into a class where it is
 * open by default (a phone-width window widened to a desktop's would otherwise keep its menu
 * hidden). Within the classes that open it (xl to 2xl) a sidebar the user closed stays closed.
 * Client state only, not persisted.
 */
import { create } from 'zustand';
import { isSmaller, sizeClassOf, type SizeClass } from '@/lib/breakpoints';

interface SidebarState {
  isOpen: boolean;
  sizeClass: SizeClass;
  toggle: () => void;
  close: () => void;
  /** Reports the current size class: closes the sidebar when it shrank, opens it when it grew into xl. */
  onSizeClass: (next: SizeClass) => void;
}

function initialSizeClass(): SizeClass {
  return typeof window === 'undefined' ? 'xl' : sizeClassOf(window.innerWidth);
}

/** Whether a size class opens the sidebar by default. */
export function opensByDefault(sizeClass: SizeClass): boolean {
  return !isSmaller(sizeClass, 'xl');
}

/** The sidebar store hook. */
export const useSidebarStore = create<SidebarState>()((set, get) => {
  const sizeClass = initialSizeClass();
  return {
    isOpen: opensByDefault(sizeClass),
    sizeClass,
    toggle: () => set({ isOpen: !get().isOpen }),
    close: () => set({ isOpen: false }),
    onSizeClass: (next) => {
      const previous = get().sizeClass;
      if (next === previous) return;
      let isOpen = get().isOpen;
      if (isSmaller(next, previous)) isOpen = false;
      else if (opensByDefault(next) && !opensByDefault(previous)) isOpen = true;
      set({ sizeClass: next, isOpen });
    },
  };
});
