/**
 * Inactivity detection for the 15-minute sign-out of spec §4. Plain setTimeout and DOM events,
 * so fake timers (Vitest, Playwright's page.clock) can fast-forward it.
 */

/** Inactivity limit while signed in (spec §9). */
export const INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;
/** Mouse movement is debounced by this much before it counts as activity (spec §4). */
export const MOUSE_DEBOUNCE_MS = 1000;

/** Events that count as activity at once. Mouse movement is handled separately (debounced). */
export const ACTIVITY_EVENTS = ['keydown', 'scroll', 'touchstart', 'click', 'resize', 'mousedown', 'wheel'] as const;

/** Options of watchInactivity. */
export interface InactivityOptions {
  onTimeout: () => void;
  timeoutMs?: number;
  debounceMs?: number;
  target?: Window;
}

/** Starts watching; `onTimeout` runs once after `timeoutMs` without activity. Returns a stop function. */
export function watchInactivity({
  onTimeout,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
  debounceMs = MOUSE_DEBOUNCE_MS,
  target = window,
}: InactivityOptions): () => void {
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let mouseTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const reset = () => {
    if (stopped) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      stop();
      onTimeout();
    }, timeoutMs);
  };
  const onMouseMove = () => {
    clearTimeout(mouseTimer);
    mouseTimer = setTimeout(reset, debounceMs);
  };
  // Scroll events do not bubble from inner scrollers; capture sees them all.
  const listenerOptions: AddEventListenerOptions = { passive: true, capture: true };

  function stop() {
    stopped = true;
    clearTimeout(idleTimer);
    clearTimeout(mouseTimer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, reset, listenerOptions);
    target.removeEventListener('mousemove', onMouseMove, listenerOptions);
  }

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, reset, listenerOptions);
  target.addEventListener('mousemove', onMouseMove, listenerOptions);
  reset();
  return stop;
}
