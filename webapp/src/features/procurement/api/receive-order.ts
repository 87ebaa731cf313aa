/**
 * Receiving against an approved purchase order: `POST /api/purchase-orders/{id}/receive`
 * (multipart: quantity, note, image). The receipt waits for an administrator's approval; stock
 * moves then.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { PRODUCTS_PATH, PURCHASE_ORDERS_PATH, RECEIVED_ORDERS_PATH } from './procurement';

/** What a receipt sends. */
export interface ReceiveOrder {
  orderId: number;
  body: FormData;
}

/** Records a receipt of the order. */
export async function receiveOrder({ orderId, body }: ReceiveOrder): Promise<unknown> {
  return http.post(`${PURCHASE_ORDERS_PATH}/${orderId}/receive`, body);
}

/** receiveOrder as a mutation; orders, receipts and products are refreshed after it. */
export function useReceiveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: receiveOrder,
    onSuccess: () =>
      Promise.all([PURCHASE_ORDERS_PATH, RECEIVED_ORDERS_PATH, PRODUCTS_PATH].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  });
}
