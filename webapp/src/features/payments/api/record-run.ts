/**
 * POST /api/payments/batch: a run (the concurrent-payments form) — one payment per document,
 * one date, reference, method, note and image for all, recorded in one transaction, all or none
 * — with an Idempotency-Key like a single payment (lib/idempotency). Sent as multipart (a `data`
 * part with the run as JSON, an `image` part when it has its proof). A document over its
 * balance refuses the whole run, named `items.N.amount_cents`.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, multipart, type Schema } from '@/lib/api';
import { IDEMPOTENCY_HEADER, idempotencyKeys, requestFingerprint } from '@/lib/idempotency';
import { paid } from './create-payment';
import type { PaymentType } from './list-payments';

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
  const [keys] = useState(idempotencyKeys);
  return useMutation({
    mutationFn: async ({ body, image }: NewRun): Promise<PaymentRun> => {
      const form = new FormData();
      form.set('data', JSON.stringify(body));
      if (image) form.set('image', image, image.name);
      // The document lists the JSON body first; the multipart form is sent as it is.
      return keys.send(requestFingerprint(body, image ? [image] : []), (key) =>
        data(api.POST('/api/payments/batch', { body: multipart<Schema<'PaymentBatchBody'>>(form), params: { header: { [IDEMPOTENCY_HEADER]: key } } })),
      );
    },
    onSuccess: (_, { body }) => paid(client, body.type),
  });
}
