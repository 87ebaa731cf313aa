/** Two-factor settings: start enrollment (QR), enable with a code, disable with the password. */
import { useMutation } from '@tanstack/react-query';
import { api, data } from '@/lib/api';
import { twoFactorQrRequest } from '@/lib/auth/api';
import type { User } from '@/lib/auth/types';

/** POST /api/auth/2fa/enable. */
export function enableTwoFactor(code: string): Promise<User> {
  return data(api.POST('/api/auth/2fa/enable', { body: { one_time_password: code } }));
}

/** POST /api/auth/2fa/disable. */
export function disableTwoFactor(password: string): Promise<User> {
  return data(api.POST('/api/auth/2fa/disable', { body: { password } }));
}

/** Starts an enrollment with the session cookie; a mutation because each call makes a new secret. */
export function useStartEnrollment() {
  return useMutation({ mutationFn: () => twoFactorQrRequest() });
}

/** Mutation hook of enableTwoFactor. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

/** Mutation hook of disableTwoFactor. */
export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
