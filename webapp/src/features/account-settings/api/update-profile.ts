/** PUT /api/auth/user/profile. */
import { useMutation } from '@tanstack/react-query';
import type { User } from '@/lib/auth/types';
import { http, type DataEnvelope } from '@/lib/http';

/** Editable profile fields. */
export interface ProfileInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** Saves the profile; resolves with the updated user. */
export async function updateProfile(input: ProfileInput): Promise<User> {
  return (await http.put<DataEnvelope<User>>('/api/auth/user/profile', input)).data;
}

/** Mutation hook of updateProfile. */
export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
