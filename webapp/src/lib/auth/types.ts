import type { Schema } from '@/lib/api';

/** The four staff roles of spec §6. */
export type Role = Schema<'User'>['role'];

/** All roles, in the order the interface lists them. */
export const ROLES: readonly Role[] = ['admin', 'secretary', 'user', 'buyer'];

/** The user object of the API contract (it never carries the 2FA secret itself). */
export type User = Schema<'User'>;

/** Answer of POST /api/auth/login. */
export type LoginResponse = Schema<'LoginOutputBody'>;

/** Answer of POST /api/auth/2fa/qr. */
export type TwoFactorEnrollment = Schema<'Enrollment'>;

/** The user's display name: first and last name, else the username. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name || user.username;
}
