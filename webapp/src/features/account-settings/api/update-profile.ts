/** PUT /api/auth/user/profile. */
import { useMutation } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';
import type { User } from '@/lib/auth/types';

/** Editable profile fields. */
export type ProfileInput = Required<Schema<'ProfileInputBody'>>;

/** Saves the profile; resolves with the updated user. */
export function updateProfile(input: ProfileInput): Promise<User> {
  return data(api.PUT('/api/auth/user/profile', { body: input }));
}

/** Mutation hook of updateProfile. */
export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
