/** POST /api/auth/2fa/qr as a query: one enrollment per mounted page (each call makes a new secret). */
import { useQuery } from '@tanstack/react-query';
import { twoFactorQrRequest } from '@/lib/auth/api';

/** Starts (once) the enrollment of the pending sign-in. */
export function useTwoFactorQr(pendingToken: string | null) {
  return useQuery({
    queryKey: ['auth', '2fa-qr', pendingToken],
    queryFn: () => twoFactorQrRequest(pendingToken),
    enabled: pendingToken !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
