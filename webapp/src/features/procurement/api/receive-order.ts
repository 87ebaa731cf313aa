/**
 * Receiving against an approved purchase order: `POST /api/purchase-orders/{id}/receive`
 * (multipart: quantity, note, image). The receipt waits for an administrator's approval; stock
 * moves then.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCTS_PATH, PURCHASE_ORDERS_PATH, RECEIVED_ORDERS_PATH, receivePurchaseOrder } from './procurement';

/** What a receipt sends. */
export interface ReceiveOrder {
  orderId: number;
  body: FormData;
}

/** receivePurchaseOrder as a mutation; orders, receipts and products are refreshed after it. */
export function useReceiveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: ReceiveOrder) => receivePurchaseOrder(orderId, body),
    onSuccess: () =>
      Promise.all([PURCHASE_ORDERS_PATH, RECEIVED_ORDERS_PATH, PRODUCTS_PATH].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  });
}
