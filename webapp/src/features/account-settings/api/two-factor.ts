/** Two-factor settings: start enrollment (QR), enable with a code, disable with the password. */
import { useMutation } from '@tanstack/react-query';
import { twoFactorQrRequest } from '@/lib/auth/api';
import type { User } from '@/lib/auth/types';
import { http, type DataEnvelope } from '@/lib/http';

/** POST /api/auth/2fa/enable. */
export async function enableTwoFactor(code: string): Promise<User> {
  return (await http.post<DataEnvelope<User>>('/api/auth/2fa/enable', { one_time_password: code })).data;
}

/** POST /api/auth/2fa/disable. */
export async function disableTwoFactor(password: string): Promise<User> {
  return (await http.post<DataEnvelope<User>>('/api/auth/2fa/disable', { password })).data;
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
