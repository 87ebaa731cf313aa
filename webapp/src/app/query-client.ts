/**
 * The TanStack Query client: server state of every feature. It is loaded with the first page
 * that needs server state (not with /login), which keeps it out of the sign-in bundle.
 */
import { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@/lib/auth/store';
import { HttpError } from '@/lib/api';

/** Creates a client; 4xx answers are not retried (they will not change by asking again). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single client. */
export const queryClient = createQueryClient();

// Server state of one account must never be shown to the next one.
useAuthStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) queryClient.clear();
});
