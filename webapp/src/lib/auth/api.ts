/**
 * The session endpoints of the API contract. They live in lib (not in a feature) because the
 * auth store, the sign-in pages and the account settings all use them.
 */
import { api, data, done, type Schema } from '../api';
import type { LoginResponse, TwoFactorEnrollment, User } from './types';

/** Credentials of the login form. */
export type Credentials = Required<Schema<'LoginInputBody'>>;

/** The pending 2FA token as a bearer header; the session cookie is sent anyway. */
function bearer(token: string | null | undefined): { Authorization: string } | undefined {
  return token ? { Authorization: `Bearer ${token}` } : undefined;
}

/** POST /api/auth/login. */
export async function loginRequest(credentials: Credentials): Promise<LoginResponse> {
  const { data: answer } = await api.POST('/api/auth/login', { body: credentials });
  if (answer === undefined) throw new Error('The server answered the login without a body');
  return answer;
}

/** POST /api/auth/2fa with the pending token; resolves with the signed-in user. */
export function verifyTwoFactorRequest(code: string, pendingToken: string | null): Promise<User> {
  return data(api.POST('/api/auth/2fa', { body: { one_time_password: code }, headers: bearer(pendingToken) }));
}

/** POST /api/auth/2fa/qr: starts an enrollment (pending token on /qr, session cookie in settings). */
export function twoFactorQrRequest(pendingToken?: string | null): Promise<TwoFactorEnrollment> {
  return data(api.POST('/api/auth/2fa/qr', { headers: bearer(pendingToken) }));
}

/** POST /api/auth/logout. */
export function logoutRequest(): Promise<void> {
  return done(api.POST('/api/auth/logout'));
}

/** GET /api/auth/user/profile. */
export function profileRequest(): Promise<User> {
  return data(api.GET('/api/auth/user/profile'));
}
