/** PUT /api/auth/user/password. */
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Password change body. */
export interface PasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Changes the password (204). */
export function updatePassword(input: PasswordInput): Promise<void> {
  return http.put<void>('/api/auth/user/password', input);
}

/** Mutation hook of updatePassword. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
