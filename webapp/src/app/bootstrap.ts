/**
 * App initialization (spec §4): read the site status first; if the site is disabled go to
 * /disabled (unless already on /activate or /disabled); if that read fails, initialization
 * simply stops; otherwise restore the session (the profile call, with the server's cookie).
 */
import { create } from 'zustand';
import { useAuthStore } from '@/lib/auth/store';
import { navigate } from '@/lib/navigation';
import { fetchSiteStatus, isOpenWhenDisabled, useSiteStatusStore } from '@/lib/site-status';

/** Where initialization stands; 'stopped' means the status read failed. */
export type BootState = 'pending' | 'done' | 'stopped';

interface BootStore {
  state: BootState;
  set: (state: BootState) => void;
}

/** Initialization progress, so screens can tell "still starting" from "could not start". */
export const useBootStore = create<BootStore>()((set) => ({ state: 'pending', set: (state) => set({ state }) }));

/** Runs the initialization sequence once per call; `pathname` is where the visitor is now. */
export async function initializeApp(pathname: string): Promise<BootState> {
  const boot = useBootStore.getState();
  boot.set('pending');
  let status;
  try {
    status = await fetchSiteStatus();
  } catch {
    boot.set('stopped');
    return 'stopped';
  }
  useSiteStatusStore.getState().setStatus(status);
  if (status === 'disabled') {
    if (!isOpenWhenDisabled(pathname)) navigate('/disabled', { replace: true });
    // Every other call would answer 503 now; nobody can be signed in.
    useAuthStore.getState().initialize(null);
  } else {
    await useAuthStore.getState().restoreSession();
  }
  boot.set('done');
  return 'done';
}
