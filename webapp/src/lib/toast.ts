/**
 * The only door to sonner (DESIGN §9): features call `toast.success/error/info`, and the app
 * mounts `ToastHost` once, so the look and limits of spec §9 (4 s, 3 visible, 356 px,
 * bottom-right by default) are set in one place.
 *
 * sonner is loaded on the first toast, not with the page: the sign-in page stays small. Toasts
 * asked for before the toaster is mounted wait in a queue and are shown once it is.
 */
import { createElement, lazy, Suspense, useEffect, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import type * as Sonner from 'sonner';

/** How long a toast stays, spec §9. */
export const TOAST_DURATION_MS = 4000;
/** Toast width, spec §9. */
export const TOAST_WIDTH_PX = 356;

/** Where toasts appear: top or bottom crossed with left, center or right. */
export type ToastPosition =
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'bottom-left'
  | 'bottom-center'
  | 'bottom-right';

type SonnerModule = typeof Sonner;
type Show = (sonner: SonnerModule) => void;

let sonnerPromise: Promise<SonnerModule> | undefined;
const loadSonner = () => (sonnerPromise ??= import('sonner'));

/** The loaded module once a toaster is mounted and listening. */
let mounted: SonnerModule | null = null;
const queue: Show[] = [];
let hostWanted = false;
const listeners = new Set<() => void>();

function show(fn: Show): void {
  if (mounted) {
    fn(mounted);
    return;
  }
  queue.push(fn);
  if (!hostWanted) {
    hostWanted = true;
    listeners.forEach((notify) => notify());
  }
}

function markMounted(sonner: SonnerModule): void {
  mounted = sonner;
  queue.splice(0).forEach((fn) => fn(sonner));
}

/**
 * Shows toasts. The description is a text, or an element when the toast offers a way forward
 * (a link: the toaster is inside the router, so a Link in it works).
 */
export const toast = {
  success: (message: string, description?: ReactNode) => show((s) => s.toast.success(message, { description })),
  error: (message: string, description?: ReactNode) => show((s) => s.toast.error(message, { description })),
  info: (message: string, description?: ReactNode) => show((s) => s.toast.info(message, { description })),
  dismiss: () => {
    queue.length = 0;
    mounted?.toast.dismiss();
  },
};

/** Props of the toast host, taken from the theme settings' notification entry. */
export interface ToastHostProps {
  position: ToastPosition;
  expanded: boolean;
  visibleToasts: number;
  theme: 'light' | 'dark';
  dir: 'ltr' | 'rtl';
}

const LazyToaster = lazy(async () => {
  const sonner = await loadSonner();
  /** Mounts sonner's Toaster; its own subscription effect runs before ours, so the queue can flush. */
  function MountedToaster(props: ToastHostProps) {
    useEffect(() => markMounted(sonner), []);
    return createElement(sonner.Toaster, {
      position: props.position,
      expand: props.expanded,
      visibleToasts: props.visibleToasts,
      duration: TOAST_DURATION_MS,
      theme: props.theme,
      dir: props.dir,
      richColors: true,
      closeButton: true,
      style: { '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties,
    });
  }
  return { default: MountedToaster };
});

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** Renders the toast stack once the first toast is asked for; mount once near the root. */
export function ToastHost(props: ToastHostProps) {
  const wanted = useSyncExternalStore(subscribe, () => hostWanted, () => false);
  if (!wanted) return null;
  return createElement(Suspense, { fallback: null }, createElement(LazyToaster, props));
}
