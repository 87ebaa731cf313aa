/**
 * The signed-in half of spec §4's inactivity rule: after 15 minutes idle, an info toast says the
 * session expired and logout runs.
 */
import { i18n } from '../i18n/i18n';
import { watchInactivity } from '../inactivity';
import { toast } from '../toast';
import { useAuthStore } from './store';

/** Starts the watch for the current session; returns its stop function. */
export function startInactivityLogout(): () => void {
  return watchInactivity({
    onTimeout: () => {
      toast.info(i18n.t('auth:session.expired'));
      void useAuthStore.getState().logout();
    },
  });
}
