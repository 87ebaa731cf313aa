/** POST /api/site_setting/activate: an administrator re-enables a disabled site. */
import { useMutation } from '@tanstack/react-query';
import { http, type DataEnvelope } from '@/lib/http';

/** Administrator credentials. */
export interface ActivateInput {
  username: string;
  password: string;
}

/** Sends the activation. */
export function activateSite(input: ActivateInput): Promise<DataEnvelope<string>> {
  return http.post<DataEnvelope<string>>('/api/site_setting/activate', input);
}

/** Mutation hook of activateSite. */
export function useActivateSite() {
  return useMutation({ mutationFn: activateSite });
}
