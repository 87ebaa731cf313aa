/** Screen size classes of spec §9 (the same as Tailwind's defaults). */
import { useSyncExternalStore } from 'react';

/** Minimum widths in px. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

/** A size class; 'xs' is below sm. */
export type SizeClass = 'xs' | keyof typeof BREAKPOINTS;

/** Size classes from smallest to largest. */
export const SIZE_ORDER: readonly SizeClass[] = ['xs', 'sm', 'md', 'lg', 'xl', '2xl'];

/** The size class of a width. */
export function sizeClassOf(width: number): SizeClass {
  let result: SizeClass = 'xs';
  for (const [name, min] of Object.entries(BREAKPOINTS) as Array<[keyof typeof BREAKPOINTS, number]>) {
    if (width >= min) result = name;
  }
  return result;
}

/** Whether class a is smaller than class b. */
export function isSmaller(a: SizeClass, b: SizeClass): boolean {
  return SIZE_ORDER.indexOf(a) < SIZE_ORDER.indexOf(b);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The current size class, updated on resize. */
export function useSizeClass(): SizeClass {
  return useSyncExternalStore(subscribe, () => sizeClassOf(window.innerWidth), () => 'xl');
}
