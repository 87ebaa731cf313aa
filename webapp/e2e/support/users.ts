/** The accounts the journeys sign in with: the demo users and those global setup creates. */

/** A demo role (spec §6). */
export type Role = 'admin' | 'secretary' | 'user' | 'buyer';

/** Password of the four demo users (README). */
export const DEMO_PASSWORD = 'Demo123!';

/** Demo accounts by role; each username equals its role. */
export const DEMO = {
  admin: { username: 'admin', password: DEMO_PASSWORD },
  secretary: { username: 'secretary', password: DEMO_PASSWORD },
  user: { username: 'user', password: DEMO_PASSWORD },
  buyer: { username: 'buyer', password: DEMO_PASSWORD },
} as const;

/** An account created by global setup through `backoffice user create`. */
export interface ExtraUser {
  username: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  require2fa: boolean;
}

/** Must enroll an authenticator at first sign-in (/qr). */
export const TWOFA: ExtraUser = {
  username: 'twofa',
  password: 'Twofa123!',
  role: 'user',
  firstName: 'Tomás',
  lastName: 'Factor',
  require2fa: true,
};

/** Turns 2FA on from the settings tab. */
export const SETTINGS_TWOFA: ExtraUser = {
  username: 'settings2fa',
  password: 'Settings123!',
  role: 'user',
  firstName: 'Sofía',
  lastName: 'Ajustes',
  require2fa: false,
};

/** Gets an IP allow list (kept apart from the demo users so a failed clean-up harms nobody). */
export const IP_USER: ExtraUser = {
  username: 'iplocked',
  password: 'Iplocked123!',
  role: 'user',
  firstName: 'Iván',
  lastName: 'Ip',
  require2fa: false,
};

/** Every account global setup creates. */
export const EXTRA_USERS: ExtraUser[] = [TWOFA, SETTINGS_TWOFA, IP_USER];
