/**
 * What the payments pages choose from, read from other modules' lists: the suppliers or
 * customers a run pays (found by what is typed) and the parties of the pending list's filter.
 */
import { useRecordMatches } from '@/components/form/record-picker';
import { CUSTOMERS, SUPPLIERS } from '@/components/form/record-sources';
import type { PaymentType } from './list-payments';

/** The party list of each document type: a purchase's supplier, a sale's customer. */
export const PARTY_SOURCES = { purchase: SUPPLIERS, sale: CUSTOMERS } as const;

/** The first suppliers or customers by name matching `q` (a short page: the run's picker searches as typed). */
export function usePartyChoices(type: PaymentType, q = '') {
  return useRecordMatches<'/api/suppliers' | '/api/customers'>(PARTY_SOURCES[type], q, true);
}
