/**
 * Navigation for code outside React components (the HTTP client, the auth store). The app
 * registers the data router's navigate once it exists; before that, a full page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  /** Commit the router's pending state synchronously (so that state changes right after see it). */
  flushSync?: boolean;
}

type Navigator = (to: string, options?: NavigateOptions) => void;

const fullPageNavigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: Navigator = fullPageNavigator;

/** Registers the router's navigate function; returns a function that restores the default. */
export function setNavigator(next: Navigator): () => void {
  current = next;
  return () => {
    current = fullPageNavigator;
  };
}

/** Navigates within the app (client-side once the router registered itself). */
export function navigate(to: string, options?: NavigateOptions): void {
  current(to, options);
}
