/**
 * The `authToken` cookie of spec §4/§9. The client sets it (path /, max-age = expires_in,
 * SameSite Strict) so that every same-origin request carries the session.
 */
export const AUTH_COOKIE = 'authToken';

/** Options of setCookie; SameSite defaults to Strict as the spec's helper does. */
export interface CookieOptions {
  maxAge?: number;
  path?: string;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/** Writes a cookie; Secure is added when the page itself is served over HTTPS. */
export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(options.maxAge))}`);
  parts.push(`SameSite=${options.sameSite ?? 'Strict'}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

/** Reads a cookie value, or undefined. */
export function getCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Expires a cookie on the given path. */
export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; max-age=0; SameSite=Strict`;
}
