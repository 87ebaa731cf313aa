/** GET/PUT /api/site_setting (admin): disable flags and the secretary's disable windows. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';

/** One secretary disable window, times HH:MM in America/Bogota. */
export type DisableWindow = Schema<'Window'>;

/** The site settings resource; the windows are never null here. */
export type SiteSettings = Omit<Schema<'SiteStatusBody'>, 'disable_times'> & { disable_times: DisableWindow[] };

const key = ['site-settings'] as const;

function withWindows(settings: Schema<'SiteStatusBody'>): SiteSettings {
  return { ...settings, disable_times: settings.disable_times ?? [] };
}

/** Reads the settings. */
export async function fetchSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return withWindows(await data(api.GET('/api/site_setting', { signal })));
}

/** Saves the settings. */
export async function saveSiteSettings(settings: SiteSettings): Promise<SiteSettings> {
  return withWindows(await data(api.PUT('/api/site_setting', { body: settings })));
}

/** Query hook of fetchSiteSettings. */
export function useSiteSettings() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => fetchSiteSettings(signal) });
}

/** Mutation hook of saveSiteSettings; refreshes the cached settings. */
export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
