import { beforeEach, describe, expect, it } from 'vitest';
import { useSidebarStore } from './sidebar-store';

describe('sidebar store', () => {
  beforeEach(() => useSidebarStore.setState({ sizeClass: 'xl', isOpen: true }));

  it('closes when the screen shrinks and opens again when it grows back to desktop width', () => {
    const { onSizeClass } = useSidebarStore.getState();
    onSizeClass('xs');
    expect(useSidebarStore.getState().isOpen).toBe(false);
    onSizeClass('md');
    expect(useSidebarStore.getState().isOpen).toBe(false);
    onSizeClass('xl');
    expect(useSidebarStore.getState().isOpen).toBe(true);
  });

  it('keeps a sidebar the user closed closed while the screen stays desktop-wide', () => {
    const { onSizeClass, close } = useSidebarStore.getState();
    close();
    onSizeClass('2xl');
    expect(useSidebarStore.getState().isOpen).toBe(false);
  });

  it('keeps a sidebar the user opened on a tablet open when the screen grows within the smaller classes', () => {
    useSidebarStore.setState({ sizeClass: 'md', isOpen: true });
    useSidebarStore.getState().onSizeClass('lg');
    expect(useSidebarStore.getState().isOpen).toBe(true);
  });
});
