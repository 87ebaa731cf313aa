/** PUT /api/auth/user/password. */
import { useMutation } from '@tanstack/react-query';
import { api, done, type Schema } from '@/lib/api';

/** Password change body. */
export type PasswordInput = Required<Schema<'PasswordInputBody'>>;

/** Changes the password (204). */
export function updatePassword(input: PasswordInput): Promise<void> {
  return done(api.PUT('/api/auth/user/password', { body: input }));
}

/** Mutation hook of updatePassword. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
