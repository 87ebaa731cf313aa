/** POST /api/site_setting/activate: an administrator re-enables a disabled site. */
import { useMutation } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';

/** Administrator credentials. */
export type ActivateInput = Required<Schema<'ActivateInputBody'>>;

/** Sends the activation; resolves with the site's new status ('enabled'). */
export function activateSite(input: ActivateInput): Promise<string> {
  return data(api.POST('/api/site_setting/activate', { body: input }));
}

/** Mutation hook of activateSite. */
export function useActivateSite() {
  return useMutation({ mutationFn: activateSite });
}
