/** GET/PUT /api/auth/user/ip_restriction. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';
import type { User } from '@/lib/auth/types';

/** The restriction list and the address the server sees now. */
export type IpRestriction = Schema<'IPRestriction'>;

const key = ['account', 'ip-restriction'] as const;

/** Reads the restriction. */
export function fetchIpRestriction(signal?: AbortSignal): Promise<IpRestriction> {
  return data(api.GET('/api/auth/user/ip_restriction', { signal }));
}

/** Saves the list (comma separated IPs or CIDRs; empty = no restriction). */
export function saveIpRestriction(ipAddress: string): Promise<User> {
  return data(api.PUT('/api/auth/user/ip_restriction', { body: { ip_address: ipAddress } }));
}

/** Query hook of fetchIpRestriction. */
export function useIpRestriction() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => fetchIpRestriction(signal) });
}

/** Mutation hook of saveIpRestriction; refreshes the query. */
export function useSaveIpRestriction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveIpRestriction,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
