/**
 * The purchase order and receipt forms without React: their values, their zod checks (messages
 * are keys of the `procurement` namespace) and multipart bodies. A receipt may not exceed what
 * the order still lacks (the server counts pending receipts too and says the same thing).
 */
import { z } from 'zod/mini';
import { attachmentsOf, attachmentsSchema, removedAttachments, type AttachmentsValue } from '@/components/document-form';
import type { Image } from '../api/procurement';

/** Values of the purchase order form. */
export interface OrderValues {
  category_id: string;
  product_id: string;
  quantity: string;
  note: string;
  image: AttachmentsValue;
}

/** Values of the receive / edit-receipt form. */
export interface ReceiptValues {
  quantity: string;
  note: string;
  image: AttachmentsValue;
}

function positiveInt(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

const image = attachmentsSchema({ tooLarge: 'validation.maxFileSize' });
const quantity = z.string().check(z.refine((text) => positiveInt(text) !== null, { message: 'validation.quantityPositive' }));

/** The purchase order form's values for a new order or a stored one. */
export function orderValues(order?: { category_id: number; product_id: number; quantity: number; note?: string; image: Image | null }): OrderValues {
  return {
    category_id: order ? String(order.category_id) : '',
    product_id: order ? String(order.product_id) : '',
    quantity: order ? String(order.quantity) : '',
    note: order?.note ?? '',
    image: attachmentsOf([order?.image]),
  };
}

/** Checks of the purchase order form. */
export const orderSchema = z.object({
  category_id: z.string().check(z.minLength(1, { message: 'validation.categoryRequired' })),
  product_id: z.string().check(z.minLength(1, { message: 'validation.productRequired' })),
  quantity,
  note: z.string(),
  image,
});

/** Checks of a receipt; `balance` is what the order can still receive (null when unknown). */
export function receiptSchema(balance: number | null) {
  return z.object({
    quantity: quantity.check(z.refine((text) => balance === null || (positiveInt(text) ?? 0) <= balance, { message: 'validation.exceedsBalance' })),
    note: z.string(),
    image,
  });
}

/** The balance left after receiving `quantity` (never below 0), for the form's live hint. */
export function balanceAfter(balance: number, quantity: string): number {
  const n = positiveInt(quantity) ?? 0;
  return Math.max(balance - n, 0);
}

/** The image part of a multipart body: the new file, or remove_image when the stored one went. */
function setImage(body: FormData, start: AttachmentsValue, now: AttachmentsValue): void {
  const file = now.files[now.files.length - 1];
  if (file) body.set('image', file, file.name);
  else if (removedAttachments(start, now).length > 0) body.set('remove_image', 'true');
}

/** Multipart body of a purchase order save; `start` is the image the order had. */
export function orderFormData(values: OrderValues, start: AttachmentsValue): FormData {
  const body = new FormData();
  body.set('category_id', values.category_id);
  body.set('product_id', values.product_id);
  body.set('quantity', values.quantity.trim());
  body.set('note', values.note);
  setImage(body, start, values.image);
  return body;
}

/** Multipart body of a receipt (receive, or edit of a pending received order). */
export function receiptFormData(values: ReceiptValues, start: AttachmentsValue): FormData {
  const body = new FormData();
  body.set('quantity', values.quantity.trim());
  body.set('note', values.note);
  setImage(body, start, values.image);
  return body;
}
