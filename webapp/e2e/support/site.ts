/** Site-wide settings (spec §2, §5): read and restored through the API around the journeys that change them. */
import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin, bearer } from './app';
import { DEMO } from './users';

/** GET/PUT /api/site_setting data. */
export interface SiteSettings {
  disable_site: boolean;
  disable_all_domains: boolean;
  disable_times: { start: string; end: string }[];
}

/** HH:MM in America/Bogota, `offsetMinutes` from now (wraps around midnight). */
export function bogotaTime(offsetMinutes = 0, now: number = Date.now()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Bogota',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(now + offsetMinutes * 60_000));
}

/** Makes sure the site is enabled (a no-op when it is): the public activate call with admin credentials. */
export async function ensureSiteEnabled(request: APIRequestContext): Promise<void> {
  const status = await request.get('/api/site_setting/status');
  if (((await status.json()) as { data: string }).data === 'enabled') return;
  const answer = await request.post('/api/site_setting/activate', { data: DEMO.admin });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Reads the admin site settings. */
export async function readSiteSettings(request: APIRequestContext): Promise<SiteSettings> {
  const token = await apiLogin(request, DEMO.admin.username, DEMO.admin.password);
  const answer = await request.get('/api/site_setting', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: SiteSettings }).data;
}

/** Puts the site settings back (enables the site first, since a disabled site refuses the call). */
export async function restoreSiteSettings(request: APIRequestContext, settings: SiteSettings): Promise<void> {
  await ensureSiteEnabled(request);
  const token = await apiLogin(request, DEMO.admin.username, DEMO.admin.password);
  const answer = await request.put('/api/site_setting', { headers: bearer(token), data: settings });
  expect(answer.status(), await answer.text()).toBe(200);
}
