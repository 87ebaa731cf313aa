/**
 * Runs the tab's live channel while someone is signed in: started by the signed-in shell (a lazy
 * chunk, so /login never loads it), stopped at sign-out or when the shell unmounts.
 */
import { useEffect } from 'react';
import { useAuthStore } from '@/lib/auth/store';
import { startLiveFeed } from '@/lib/live/live-feed';
import { queryClient } from './query-client';

/** Opens /ws for the signed-in user and closes it at logout. */
export function useLiveFeed(): void {
  const userId = useAuthStore((s) => (s.isAuthenticated ? s.user?.id : undefined));
  useEffect(() => {
    if (userId === undefined) return;
    return startLiveFeed({ queries: queryClient, cache: queryClient.getQueryCache() });
  }, [userId]);
}
