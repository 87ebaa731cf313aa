/** Carries the `redirect` query parameter between /login, /verification and /qr (spec §2). */

/** `?redirect=…` when the current URL has a usable one, else ''. */
export function redirectQuery(params: URLSearchParams): string {
  const value = params.get('redirect');
  return value && value !== 'null' ? `?redirect=${encodeURIComponent(value)}` : '';
}
