/**
 * What anyone may read of the site status (the public GET /api/site_setting/status and
 * /disable_time): whether the site is on, and the secretary's disable windows. The read-only
 * site status page of non-admins is built from these, since GET /api/site_setting is admin-only.
 */
import { useQuery } from '@tanstack/react-query';
import { api, data } from '@/lib/api';
import { fetchSiteStatus, type SiteStatus } from '@/lib/site-status';
import type { DisableWindow } from './site-settings';

/** The public view of the site status. */
export interface PublicSiteStatus {
  status: SiteStatus;
  windows: DisableWindow[];
}

/** The windows' JSON text as the server writes it ('[{"start":"22:00","end":"06:00"}]'); junk reads as none. */
export function parseWindows(text: string): DisableWindow[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (w): w is DisableWindow => typeof w === 'object' && w !== null && typeof (w as DisableWindow).start === 'string' && typeof (w as DisableWindow).end === 'string',
    );
  } catch {
    return [];
  }
}

/** Reads both public endpoints. */
export function usePublicSiteStatus() {
  return useQuery({
    queryKey: ['site-settings', 'public'],
    queryFn: async ({ signal }): Promise<PublicSiteStatus> => {
      const [status, windows] = await Promise.all([
        fetchSiteStatus(),
        data(api.GET('/api/site_setting/disable_time', { signal })),
      ]);
      return { status, windows: parseWindows(windows ?? '') };
    },
  });
}
