/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The `{ip}` host the HTTP client retries against after a network failure (spec §7). */
  readonly VITE_API_FALLBACK_HOST?: string;
}
