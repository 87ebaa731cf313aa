/**
 * POST /api/payments: records one payment (multipart: `data` = the payment as JSON, one
 * `images` part per image) with an Idempotency-Key, so that a retry of the same submission after
 * a network failure never pays twice (lib/idempotency). The save refreshes the payments and the
 * paid document's lists (purchases and suppliers, or sales and customers).
 */
import { useState } from 'react';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, multipart, type Schema } from '@/lib/api';
import { IDEMPOTENCY_HEADER, idempotencyKeys, requestFingerprint } from '@/lib/idempotency';
import { PAYMENTS_PATH, type Payment, type PaymentType } from './list-payments';

/** The payment as the `data` part carries it. */
export type PaymentBody = Schema<'PaymentBody'>;

/** The lists a payment of a type changes besides the payments: its document's and its party's. */
export const PAID_LISTS: Record<PaymentType, readonly string[]> = {
  purchase: ['/api/purchases', '/api/suppliers'],
  sale: ['/api/sales', '/api/customers'],
};

/** Refreshes what a payment of a type changes: the payments, its document's and its party's lists. */
export function paid(client: QueryClient, type: PaymentType): Promise<unknown> {
  return Promise.all([PAYMENTS_PATH, ...PAID_LISTS[type]].map((path) => client.invalidateQueries({ queryKey: [path] })));
}

/** What a save sends. */
export interface NewPayment {
  body: PaymentBody & { type: PaymentType };
  images: readonly File[];
}

/** Records a payment; one form's submissions share this hook (and so their keys). */
export function useCreatePayment() {
  const client = useQueryClient();
  const [keys] = useState(idempotencyKeys);
  return useMutation({
    mutationFn: async ({ body, images }: NewPayment): Promise<Payment> => {
      const form = new FormData();
      form.set('data', JSON.stringify(body));
      for (const file of images) form.append('images', file, file.name);
      return keys.send(requestFingerprint(body, images), (key) =>
        data(api.POST('/api/payments', { body: multipart(form), params: { header: { [IDEMPOTENCY_HEADER]: key } } })),
      );
    },
    onSuccess: (_, { body }) => paid(client, body.type),
  });
}
