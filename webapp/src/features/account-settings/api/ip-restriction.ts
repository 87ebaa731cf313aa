/** GET/PUT /api/auth/user/ip_restriction. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/auth/types';
import { http, type DataEnvelope } from '@/lib/http';

/** The restriction list and the address the server sees now. */
export interface IpRestriction {
  ip_address: string;
  current_ip: string;
}

const key = ['account', 'ip-restriction'] as const;

/** Reads the restriction. */
export async function fetchIpRestriction(signal?: AbortSignal): Promise<IpRestriction> {
  return (await http.get<DataEnvelope<IpRestriction>>('/api/auth/user/ip_restriction', { signal })).data;
}

/** Saves the list (comma separated IPs or CIDRs; empty = no restriction). */
export async function saveIpRestriction(ipAddress: string): Promise<User> {
  return (await http.put<DataEnvelope<User>>('/api/auth/user/ip_restriction', { ip_address: ipAddress })).data;
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
