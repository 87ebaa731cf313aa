/** GET/PUT /api/site_setting (admin): disable flags and the secretary's disable windows. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type DataEnvelope } from '@/lib/http';

/** One secretary disable window, times HH:MM in America/Bogota. */
export interface DisableWindow {
  start: string;
  end: string;
}

/** The site settings resource. */
export interface SiteSettings {
  disable_site: boolean;
  disable_all_domains: boolean;
  disable_times: DisableWindow[];
}

const key = ['site-settings'] as const;

/** Reads the settings. */
export async function fetchSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  const answer = await http.get<DataEnvelope<SiteSettings>>('/api/site_setting', { signal });
  return { ...answer.data, disable_times: answer.data.disable_times ?? [] };
}

/** Saves the settings. */
export async function saveSiteSettings(settings: SiteSettings): Promise<SiteSettings> {
  const answer = await http.put<DataEnvelope<SiteSettings>>('/api/site_setting', settings);
  return answer.data;
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
