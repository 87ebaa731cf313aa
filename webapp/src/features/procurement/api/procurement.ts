/**
 * Purchase orders and received orders (modules/procurement): `/api/purchase-orders` (buyers
 * create and edit while pending, admins approve or reject), `POST /api/purchase-orders/{id}/receive`
 * (a buyer receives against an approved order, partially and repeatedly) and
 * `/api/received-orders` (edit while pending, approve or reject; approval adds stock).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApprovalStatus } from '@/components/list/approval';
import { http, type DataEnvelope } from '@/lib/http';

/** Path of the purchase orders resource. */
export const PURCHASE_ORDERS_PATH = '/api/purchase-orders';
/** Path of the received orders resource. */
export const RECEIVED_ORDERS_PATH = '/api/received-orders';
/** Categories and products the order form offers. */
export const CATEGORIES_PATH = '/api/categories';
/**
 * The product pick-list (id, code, name, category, unit, images; no money): the only product
 * read a buyer is allowed, so the order form reads it rather than `/api/products`.
 */
export const PRODUCTS_PATH = '/api/products/choices';

/** Purchase order states: approval, then receiving. */
export type PurchaseOrderStatus = 'pending' | 'approved' | 'rejected' | 'partially_received' | 'received';
/** All states, in filter order. */
export const PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['pending', 'approved', 'rejected', 'partially_received', 'received'];

/** An image attachment. */
export interface Image {
  id: number;
  url: string;
}

/** A category as the orders name it. */
export interface OrderCategory {
  id: number;
  name: string;
}

/** A product as the orders name it. */
export interface OrderProduct {
  id: number;
  code: string;
  name: string;
  unit: string;
}

/** A purchase order. */
export interface PurchaseOrder {
  id: number;
  company_id: number;
  /** "PO-000042". */
  reference_no: string;
  category_id: number;
  category: OrderCategory;
  product_id: number;
  product: OrderProduct;
  /** Units ordered. */
  quantity: number;
  /** Units of approved receipts. */
  received_quantity: number;
  /** Units of receipts awaiting approval. */
  pending_quantity: number;
  /** What can still be received: ordered − received − pending. */
  balance: number;
  receipt_count: number;
  status: PurchaseOrderStatus;
  approval_reason: string;
  image: Image | null;
  note: string;
  created_by: number | null;
  created_at: string;
  /** The server's delete rule, for the caller. */
  can_delete: boolean;
  /** The server's receive rule, for the caller. */
  can_receive: boolean;
}

/** Approval states of a received order. */
export const RECEIPT_STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected'];

/** A received order (one receipt against a purchase order). */
export interface ReceivedOrder {
  id: number;
  company_id: number;
  /** "RO-000007". */
  reference_no: string;
  purchase_order_id: number;
  purchase_order: { id: number; reference_no: string; quantity: number };
  category_id: number;
  category: OrderCategory;
  product_id: number;
  product: OrderProduct;
  /** Receive quantity: units received this time. */
  quantity: number;
  /** What the order still lacked right after this receipt. */
  balance: number;
  status: ApprovalStatus;
  approval_reason: string;
  image: Image | null;
  note: string;
  created_by: number | null;
  created_at: string;
}

/** One purchase order. */
export function usePurchaseOrder(id: number | undefined) {
  return useQuery({
    queryKey: [PURCHASE_ORDERS_PATH, 'one', id],
    queryFn: async ({ signal }) => (await http.get<DataEnvelope<PurchaseOrder>>(`${PURCHASE_ORDERS_PATH}/${id}`, { signal })).data,
    enabled: id !== undefined,
  });
}

/** One received order. */
export function useReceivedOrder(id: number | undefined) {
  return useQuery({
    queryKey: [RECEIVED_ORDERS_PATH, 'one', id],
    queryFn: async ({ signal }) => (await http.get<DataEnvelope<ReceivedOrder>>(`${RECEIVED_ORDERS_PATH}/${id}`, { signal })).data,
    enabled: id !== undefined,
  });
}

/** A choice of a select. */
export interface Choice {
  id: number;
  name: string;
  code?: string;
}

/** Categories, or the products of a category, for the order form. */
export function useOrderChoices(basePath: string, filters: Record<string, string>, enabled = true) {
  const query = new URLSearchParams({ per_page: '100', sort: 'name', ...filters }).toString();
  return useQuery({
    queryKey: [basePath, 'options', query],
    queryFn: ({ signal }) => http.get<{ data: Choice[] }>(`${basePath}?${query}`, { signal }),
    select: (answer) => answer.data ?? [],
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
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
