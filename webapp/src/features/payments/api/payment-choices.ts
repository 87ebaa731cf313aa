/**
 * What the payments pages choose from, read from other modules' lists: the suppliers or
 * customers a run pays (found by what is typed), the parties of the pending list's filter, the
 * companies of the administrators' filter.
 */
import { useResourceOptions } from '@/components/list/resource-api';
import type { PaymentType } from './list-payments';

/** The party list of each document type: a purchase's supplier, a sale's customer. */
export const PARTIES_PATH = { purchase: '/api/suppliers', sale: '/api/customers' } as const;

/** A party as a choice names it: a legal entity by its company name (people's display_name). */
export function partyLabel(p: { name: string; display_name?: string }): string {
  return p.display_name || p.name;
}

/** Up to 100 suppliers or customers, by name, matching `q` when given; `enabled` false asks nothing. */
export function usePartyChoices(type: PaymentType, q = '', enabled = true) {
  return useResourceOptions(PARTIES_PATH[type], 'name', enabled, q.trim() ? { q: q.trim() } : {});
}

/** Companies, for the administrators' company filter. */
export function useCompanyChoices(enabled: boolean) {
  return useResourceOptions('/api/companies', 'name', enabled);
}
