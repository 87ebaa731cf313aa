/**
 * The purchase order and receipt forms without React: their checks (keys of the `procurement`
 * namespace) and multipart bodies. A receipt may not exceed what the order still lacks (the
 * server counts pending receipts too and says the same thing).
 */

/** Values of the purchase order form. */
export interface OrderValues {
  category_id: string;
  product_id: string;
  quantity: string;
  note: string;
}

/** Values of the receive / edit-receipt form. */
export interface ReceiptValues {
  quantity: string;
  note: string;
}

function positiveInt(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** Checks of the purchase order form. */
export function validateOrder(values: OrderValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.category_id) errors.category_id = 'validation.categoryRequired';
  if (!values.product_id) errors.product_id = 'validation.productRequired';
  if (positiveInt(values.quantity) === null) errors.quantity = 'validation.quantityPositive';
  return errors;
}

/** Checks of a receipt; `balance` is what the order can still receive (null when unknown). */
export function validateReceipt(values: ReceiptValues, balance: number | null): Record<string, string> {
  const quantity = positiveInt(values.quantity);
  if (quantity === null) return { quantity: 'validation.quantityPositive' };
  if (balance !== null && quantity > balance) return { quantity: 'validation.exceedsBalance' };
  return {};
}

/** The balance left after receiving `quantity` (never below 0), for the form's live hint. */
export function balanceAfter(balance: number, quantity: string): number {
  const n = positiveInt(quantity) ?? 0;
  return Math.max(balance - n, 0);
}

/** Multipart body of a purchase order save. */
export function orderFormData(values: OrderValues, image: File | null, removeImage: boolean): FormData {
  const body = new FormData();
  body.set('category_id', values.category_id);
  body.set('product_id', values.product_id);
  body.set('quantity', values.quantity.trim());
  body.set('note', values.note);
  if (image) body.set('image', image, image.name);
  else if (removeImage) body.set('remove_image', 'true');
  return body;
}

/** Multipart body of a receipt (receive, or edit of a pending received order). */
export function receiptFormData(values: ReceiptValues, image: File | null, removeImage: boolean): FormData {
  const body = new FormData();
  body.set('quantity', values.quantity.trim());
  body.set('note', values.note);
  if (image) body.set('image', image, image.name);
  else if (removeImage) body.set('remove_image', 'true');
  return body;
}
