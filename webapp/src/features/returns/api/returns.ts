/**
 * Purchase returns (modules/purchasing): what a purchase may still give back
 * (`GET /api/purchases/{id}/returnable`), the server's amount of a return being typed
 * (`POST /api/returns/quote`: modules/tax prices it in proportion to the purchase), recording
 * one (`POST /api/returns`, multipart) and the returns list the list kit reads and exports
 * (`/api/returns`: q, sort, purchase_id, supplier_id, approval, kind, date_from, date_to,
 * company_id; approve, reject and delete through the kit's resource hooks).
 *
 * Query keys: the returns under /api/returns; a purchase's returnable figures under
 * /api/purchases, so that both a return's and a payment's change (the live channel's
 * `returns` and `purchases` keys, or a save here) refresh the page's header.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data, multipart, type Schema } from '@/lib/api';

/** Path of the returns resource. */
export const RETURNS_PATH = '/api/returns';
/** Path of the purchases resource (a purchase's returnable figures live under it). */
export const PURCHASES_PATH = '/api/purchases';
/** Path of the suppliers resource (the supplier filter; a return changes a supplier's balance). */
export const SUPPLIERS_PATH = '/api/suppliers';
/** The lists an approved goods return changes besides the returns and purchases. */
const CHANGED_LISTS = [RETURNS_PATH, PURCHASES_PATH, SUPPLIERS_PATH, '/api/products'] as const;

/** A return as the API sends it (money in centavos). */
export type PurchaseReturn = Schema<'Return'>;
/** goods: units of the purchase's lines go back; value: a price correction agreed with the supplier. */
export type ReturnKind = PurchaseReturn['kind'];
/** The kinds, in the order the form and the filter offer them. */
export const RETURN_KINDS: readonly ReturnKind[] = ['goods', 'value'];
/** One line of a purchase with what was bought, returned, pending and still returnable. */
export type ReturnableLine = Schema<'ReturnableLine'>;
/** What a purchase may still give back: its figures, its lines (never null here) and the value still returnable. */
export type Returnable = Omit<Schema<'Returnable'>, 'lines'> & { lines: ReturnableLine[] };
/** The `data` part of a new return; a quote takes the same body. */
export type ReturnBody = Schema<'ReturnBody'>;
/** The request of a quote: the return as typed so far. */
export type ReturnQuoteRequest = ReturnBody;

/** The list's URL filters and its default order (newest first). */
export const RETURN_LIST = { filterKeys: ['kind', 'supplier_id', 'company_id'], defaultSort: '-return_date' } as const;
/** The date range filter's query names. */
export const RETURN_DATE_RANGE = { from: 'date_from', to: 'date_to' } as const;

/** Refreshes every list a return changes: returns, purchases, suppliers, products. */
export function returnChanged(client: QueryClient): Promise<unknown> {
  return Promise.all(CHANGED_LISTS.map((path) => client.invalidateQueries({ queryKey: [path] })));
}

/** The lists a decision or a delete on the returns list refreshes besides the returns. */
export const RETURN_REFRESHES: readonly string[] = CHANGED_LISTS.filter((path) => path !== RETURNS_PATH);

/** A purchase's returnable figures; undefined id: nothing asked. */
export function useReturnable(purchaseId: number | undefined) {
  return useQuery({
    queryKey: [PURCHASES_PATH, 'returnable', purchaseId],
    queryFn: async ({ signal }): Promise<Returnable> => {
      const answer = await data(api.GET('/api/purchases/{id}/returnable', { params: { path: { id: purchaseId! } }, signal }));
      return { ...answer, lines: answer.lines ?? [] };
    },
    enabled: purchaseId !== undefined,
  });
}

/** The server's amounts of the return being typed; null request: nothing to price yet. */
export function useReturnQuote(request: ReturnQuoteRequest | null) {
  return useQuery({
    queryKey: [RETURNS_PATH, 'quote', request],
    queryFn: ({ signal }) => data(api.POST('/api/returns/quote', { body: request!, signal })),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** What a save sends. */
export interface NewReturn {
  body: ReturnBody;
  images: readonly File[];
}

/** Records a return (multipart: `data` = the return as JSON, one `images` part per image). */
export function useCreateReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, images }: NewReturn): Promise<PurchaseReturn> => {
      const form = new FormData();
      form.set('data', JSON.stringify(body));
      for (const file of images) form.append('images', file, file.name);
      return data(api.POST('/api/returns', { body: multipart(form) }));
    },
    onSuccess: () => returnChanged(client),
  });
}
