/**
 * Site status (spec §2, §7): read once when the app starts and re-checked by the disabled page.
 * While it is 'disabled', every page except /activate and /disabled redirects to /disabled.
 */
import { create } from 'zustand';
import { api, data } from './api';

/** The site's status as the API reports it. */
export type SiteStatus = 'enabled' | 'disabled';

/** Pages reachable while the site is disabled. */
export const PAGES_OPEN_WHEN_DISABLED = ['/activate', '/disabled'] as const;

/** GET /api/site_setting/status. */
export async function fetchSiteStatus(): Promise<SiteStatus> {
  const status = await data(api.GET('/api/site_setting/status'));
  return status === 'disabled' ? 'disabled' : 'enabled';
}

interface SiteStatusState {
  /** Unknown until the first successful read. */
  status: SiteStatus | null;
  setStatus: (status: SiteStatus) => void;
}

/** The last known site status. */
export const useSiteStatusStore = create<SiteStatusState>()((set) => ({
  status: null,
  setStatus: (status) => set({ status }),
}));

/** Whether a path stays reachable while the site is disabled. */
export function isOpenWhenDisabled(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PAGES_OPEN_WHEN_DISABLED as readonly string[]).includes(path);
}
