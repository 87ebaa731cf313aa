/**
 * POST /api/payments/batch: a run (the concurrent-payments form) — one payment per document,
 * one date, reference, method, note and image for all, recorded in one transaction, all or none
 * — with an Idempotency-Key like a single payment (lib/idempotency). Sent as multipart (a `data`
 * part with the run as JSON, an `image` part when it has its proof). A document over its
 * balance refuses the whole run, named `items.N.amount_cents`.
 */
import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, multipart, type Schema } from '@/lib/api';
import { IDEMPOTENCY_HEADER, idempotencyKeys, requestFingerprint } from '@/lib/idempotency';
import { PAID_LISTS } from './create-payment';
import { PAYMENTS_PATH, type PaymentType } from './list-payments';

/** A run as the API takes it. */
export type PaymentRunBody = Schema<'PaymentBatchBody'> & { type: PaymentType };
/** A recorded run: its number (LOTE-000123), total and payments. */
export type PaymentRun = Schema<'PaymentRun'>;

/** What a submission sends. */
export interface NewRun {
  body: PaymentRunBody;
  image?: File;
}

/** Records a run; one form's submissions share this hook (and so their keys). */
export function useRecordRun() {
  const client = useQueryClient();
  const keys = useRef(idempotencyKeys()).current;
  return useMutation({
    mutationFn: async ({ body, image }: NewRun): Promise<PaymentRun> => {
      const key = keys.keyFor(requestFingerprint(body, image ? [image] : []));
      const form = new FormData();
      form.set('data', JSON.stringify(body));
      if (image) form.set('image', image, image.name);
      const sent = data(api.POST('/api/payments/batch', { body: multipart<Schema<'PaymentBatchBody'>>(form), params: { header: { [IDEMPOTENCY_HEADER]: key } } }));
      try {
        const run = await sent;
        keys.settle();
        return run;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    onSuccess: (_, { body }) => Promise.all([PAYMENTS_PATH, ...PAID_LISTS[body.type]].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  });
}
