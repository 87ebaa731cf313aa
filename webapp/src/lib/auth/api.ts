/**
 * The session endpoints of the API contract. They live in lib (not in a feature) because the
 * auth store, the sign-in pages and the account settings all use them.
 */
import { http, type DataEnvelope } from '../http';
import type { LoginResponse, TwoFactorEnrollment, User } from './types';

/** Credentials of the login form. */
export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/auth/login. */
export function loginRequest(credentials: Credentials): Promise<LoginResponse> {
  return http.post<LoginResponse>('/api/auth/login', credentials);
}

/** POST /api/auth/2fa with the pending token; resolves with the signed-in user. */
export async function verifyTwoFactorRequest(code: string, pendingToken: string | null): Promise<User | undefined> {
  const answer = await http.post<DataEnvelope<User> | undefined>(
    '/api/auth/2fa',
    { one_time_password: code },
    { token: pendingToken },
  );
  return answer?.data;
}

/** POST /api/auth/2fa/qr: starts an enrollment (pending token on /qr, session cookie in settings). */
export async function twoFactorQrRequest(pendingToken?: string | null): Promise<TwoFactorEnrollment> {
  const answer = await http.post<DataEnvelope<TwoFactorEnrollment>>('/api/auth/2fa/qr', undefined, {
    token: pendingToken,
  });
  return answer.data;
}

/** POST /api/auth/logout. */
export function logoutRequest(): Promise<void> {
  return http.post<void>('/api/auth/logout');
}

/** GET /api/auth/user/profile. */
export async function profileRequest(): Promise<User> {
  const answer = await http.get<DataEnvelope<User>>('/api/auth/user/profile');
  return answer.data;
}
