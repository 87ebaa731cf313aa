/** The four staff roles of spec §6. */
export type Role = 'admin' | 'secretary' | 'user' | 'buyer';

/** All roles, in the order the interface lists them. */
export const ROLES: readonly Role[] = ['admin', 'secretary', 'user', 'buyer'];

/** The user object of the API contract (it never carries the 2FA secret itself). */
export interface User {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_id: number;
  company_name: string;
  role: Role;
  active: boolean;
  ip_address: string;
  enable_google2fa: boolean;
  /** Whether a 2FA secret is set (never the secret). */
  google2fa_secret: boolean;
  created_at: string;
}

/** Answer of POST /api/auth/login. */
export interface LoginResponse {
  authToken: string;
  /** Session lifetime in seconds. */
  expires_in: number;
  user: User;
}

/** Answer of POST /api/auth/2fa/qr. */
export interface TwoFactorEnrollment {
  qr_code: string;
  secret: string;
  otpauth_url: string;
}

/** The user's display name: first and last name, else the username. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name || user.username;
}
