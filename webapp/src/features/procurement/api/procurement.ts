/**
 * Purchase orders and received orders (modules/procurement): `/api/purchase-orders` (buyers
 * create and edit while pending, admins approve or reject), `POST /api/purchase-orders/{id}/receive`
 * (a buyer receives against an approved order, partially and repeatedly) and
 * `/api/received-orders` (edit while pending, approve or reject; approval adds stock).
 */
import { useQuery } from '@tanstack/react-query';
import { productLabel } from '@/components/document-form';
import type { RecordSource } from '@/components/form/record-picker';
import { api, data, multipart, type Schema } from '@/lib/api';

/** Path of the purchase orders resource. */
export const PURCHASE_ORDERS_PATH = '/api/purchase-orders';
/** Path of the received orders resource. */
export const RECEIVED_ORDERS_PATH = '/api/received-orders';
/**
 * The product pick-list (id, code, name, category, unit, images; no money): the only product
 * read a buyer is allowed, so the order form reads it rather than `/api/products`.
 */
export const PRODUCTS_PATH = '/api/products/choices';

/** A purchase order. */
export type PurchaseOrder = Schema<'PurchaseOrder'>;
/** Purchase order states: approval, then receiving. */
export type PurchaseOrderStatus = PurchaseOrder['status'];
/** All states, in filter order. */
export const PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['pending', 'approved', 'rejected', 'partially_received', 'received'];

/** An image attachment of an order or receipt. */
export type Image = Schema<'OrderImage'>;
/** A product as the orders name it. */
export type OrderProduct = Schema<'OrderProduct'>;

/** A received order (one receipt against a purchase order). */
export type ReceivedOrder = Schema<'ReceivedOrder'>;
/** Approval states of a received order. */
export const RECEIPT_STATUSES: readonly ReceivedOrder['status'][] = ['pending', 'approved', 'rejected'];

/** One purchase order. */
export function usePurchaseOrder(id: number | undefined) {
  return useQuery({
    queryKey: [PURCHASE_ORDERS_PATH, 'one', id],
    queryFn: ({ signal }) => data(api.GET('/api/purchase-orders/{id}', { params: { path: { id: id! } }, signal })),
    enabled: id !== undefined,
  });
}

/** One received order. */
export function useReceivedOrder(id: number | undefined) {
  return useQuery({
    queryKey: [RECEIVED_ORDERS_PATH, 'one', id],
    queryFn: ({ signal }) => data(api.GET('/api/received-orders/{id}', { params: { path: { id: id! } }, signal })),
    enabled: id !== undefined,
  });
}

/** Creates (no id) or edits a purchase order; the body is the form with its optional image. */
export function savePurchaseOrder(id: number | undefined, form: FormData): Promise<PurchaseOrder> {
  return id === undefined
    ? data(api.POST('/api/purchase-orders', { body: multipart(form) }))
    : data(api.PUT('/api/purchase-orders/{id}', { params: { path: { id } }, body: multipart(form) }));
}

/** Records a receipt against an approved purchase order (quantity, note, optional image). */
export function receivePurchaseOrder(id: number, form: FormData): Promise<ReceivedOrder> {
  return data(api.POST('/api/purchase-orders/{id}/receive', { params: { path: { id } }, body: multipart(form) }));
}

/** Edits a pending received order (quantity, note, image). */
export function updateReceivedOrder(id: number, form: FormData): Promise<ReceivedOrder> {
  return data(api.PUT('/api/received-orders/{id}', { params: { path: { id } }, body: multipart(form) }));
}

/** The products of a category an order may name (code — name), searched as typed. */
export function orderProducts(categoryId: string): RecordSource<typeof PRODUCTS_PATH> {
  // A buyer may read only the pick-list, which has no /{id}: an order's own product is named by the order.
  return { path: PRODUCTS_PATH, recordPath: null, filters: { category_id: categoryId }, label: productLabel };
}

/**
 * Whether an order in this state is edited (modules/procurement): pending, and rejected — saving
 * a rejected order sends it again for approval. Approved orders are what the approval allowed.
 */
export function orderEditable(status: PurchaseOrderStatus): boolean {
  return status === 'pending' || status === 'rejected';
}

/** The display reference of an order or receipt: its own, else "#<id>". */
export function orderReference(order: { id: number; reference_no?: string }): string {
  return order.reference_no || `#${order.id}`;
}

/** "CODE — Name" of a product. */
export function productText(product: Pick<OrderProduct, 'code' | 'name'> | undefined): string {
  if (!product) return '';
  return product.code ? `${product.code} — ${product.name}` : product.name;
}
