/**
 * POST /api/sales/quote: the server's totals of a sale form in progress (the same code prices
 * the save, so what the form shows is what is stored).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';
import { SALES_PATH } from './list-sales';

/** What the quote takes: the sale form's JSON (store, reference and images are not needed). */
export type SaleQuoteRequest = Schema<'SaleBody'>;
/** The quote's answer: the totals and each sent line's amounts. */
export type SaleQuote = Schema<'SaleQuote'>;

/** The quote of `request`; null = nothing to price yet. */
export function useSaleQuote(request: SaleQuoteRequest | null) {
  return useQuery({
    queryKey: [SALES_PATH, 'quote', request],
    queryFn: ({ signal }): Promise<SaleQuote> => data(api.POST('/api/sales/quote', { body: request!, signal })),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
