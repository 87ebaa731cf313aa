/**
 * The purchase form's model, without React: the values the form edits, the spec §5 checks with
 * their exact messages (as keys of the `purchasing` namespace), line subtotals, the quote request
 * that asks the server for the totals, and the multipart body of a save. Money is integer
 * centavos throughout; a line subtotal is cost × quantity in centavos, exact.
 *
 * Rows left completely blank are ignored, so the trailing empty row of the keyboard flow never
 * blocks a save; a row with anything in it must be complete.
 */
import { MAX_IMAGE_BYTES } from '@/components/form/image-upload-field';
import type { PurchaseLine, QuoteRequest } from '../api/purchases';

/** One line as the form edits it (ids as select values, quantity as typed). */
export interface LineValues {
  /** Stable React key of the row. */
  key: string;
  category_id: string;
  product_id: string;
  product_code: string;
  product_name: string;
  /** The product's kind once known: services need no expiry date. */
  kind: '' | 'goods' | 'service';
  expiry_date: string;
  cost_cents: number | null;
  quantity: string;
}

/** The whole form. */
export interface PurchaseValues {
  purchase_date: string;
  reference_no: string;
  supplier_id: string;
  store_id: string;
  days_of_credit: string;
  note: string;
  shipping_cents: number | null;
  discount_cents: number | null;
  return_cents: number | null;
  shipping_carrier: string;
  lines: LineValues[];
}

/** Keys of the `purchasing` namespace for the spec §5 messages. */
export const MESSAGES = {
  purchaseDateRequired: 'validation.purchaseDateRequired',
  referenceRequired: 'validation.referenceRequired',
  referenceShort: 'validation.referenceShort',
  storeRequired: 'validation.storeRequired',
  supplierRequired: 'validation.supplierRequired',
  attachmentRequired: 'validation.attachmentRequired',
  maxFileSize: 'validation.maxFileSize',
  creditPositive: 'validation.creditPositive',
  expiryRequired: 'validation.expiryRequired',
  costRequired: 'validation.costRequired',
  quantityRequired: 'validation.quantityRequired',
  discountInvalid: 'validation.discountInvalid',
  shippingInvalid: 'validation.shippingInvalid',
  returnsInvalid: 'validation.returnsInvalid',
  lineIncomplete: 'validation.lineIncomplete',
  itemsRequired: 'validation.itemsRequired',
} as const;

/** Shortest reference accepted (spec: 'Reference No is too short'). */
export const MIN_REFERENCE_LENGTH = 3;

let keySeq = 0;

/** A new, empty line. */
export function emptyLine(): LineValues {
  keySeq += 1;
  return { key: `l${keySeq}`, category_id: '', product_id: '', product_code: '', product_name: '', kind: '', expiry_date: '', cost_cents: null, quantity: '' };
}

/** The form's lines from a stored purchase or a received-order draft. */
export function linesFrom(lines: readonly PurchaseLine[]): LineValues[] {
  return lines.map((line) => ({
    ...emptyLine(),
    category_id: line.category_id ? String(line.category_id) : '',
    product_id: line.product_id ? String(line.product_id) : '',
    product_code: line.product_code ?? '',
    product_name: line.product_name ?? '',
    kind: line.kind ?? '',
    expiry_date: line.expiry_date ?? '',
    cost_cents: typeof line.cost_cents === 'number' && line.cost_cents >= 0 ? line.cost_cents : null,
    quantity: line.quantity ? String(line.quantity) : '',
  }));
}

/** Today's date in America/Bogota as YYYY-MM-DD (business dates are Bogota dates, DESIGN §4). */
export function todayInBogota(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** purchase date + days of credit, as YYYY-MM-DD; '' when either is missing. */
export function dueDate(purchaseDate: string, days: string | number): string {
  const n = typeof days === 'number' ? days : /^\d{1,4}$/.test(days.trim()) ? Number(days.trim()) : NaN;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(purchaseDate);
  if (!m || !Number.isInteger(n)) return '';
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return date.toISOString().slice(0, 10);
}

function positiveInt(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** Whether the person left a row untouched. */
export function isBlankLine(line: LineValues): boolean {
  return !line.category_id && !line.product_id && !line.product_name.trim() && !line.expiry_date && line.cost_cents === null && !line.quantity.trim();
}

/** cost × quantity in centavos, or null while either is missing or invalid. */
export function lineSubtotal(line: Pick<LineValues, 'cost_cents' | 'quantity'>): number | null {
  const quantity = positiveInt(line.quantity);
  if (line.cost_cents === null || line.cost_cents < 0 || quantity === null) return null;
  const subtotal = line.cost_cents * quantity;
  return Number.isSafeInteger(subtotal) ? subtotal : null;
}

/** The sum of the complete lines' subtotals (what the person sees before the server answers). */
export function linesSubtotal(lines: readonly LineValues[]): number {
  return lines.reduce((sum, line) => sum + (lineSubtotal(line) ?? 0), 0);
}

/** Attachment state the checks need. */
export interface AttachmentState {
  file: Pick<File, 'size'> | null;
  /** The purchase already has one (edit). */
  existing: boolean;
}

/**
 * The spec §5 checks. Keys are form paths ('reference_no', 'lines.2.cost_cents', 'lines.2' for a
 * row-level message, 'lines' for the list, 'attachment'); values are `purchasing` keys.
 */
export function validatePurchase(values: PurchaseValues, attachment: AttachmentState): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.purchase_date) errors.purchase_date = MESSAGES.purchaseDateRequired;
  const reference = values.reference_no.trim();
  if (!reference) errors.reference_no = MESSAGES.referenceRequired;
  else if ([...reference].length < MIN_REFERENCE_LENGTH) errors.reference_no = MESSAGES.referenceShort;
  if (!values.supplier_id) errors.supplier_id = MESSAGES.supplierRequired;
  if (!values.store_id) errors.store_id = MESSAGES.storeRequired;
  if (positiveInt(values.days_of_credit) === null) errors.days_of_credit = MESSAGES.creditPositive;
  if (!attachment.file && !attachment.existing) errors.attachment = MESSAGES.attachmentRequired;
  else if (attachment.file && attachment.file.size > MAX_IMAGE_BYTES) errors.attachment = MESSAGES.maxFileSize;
  const amount = (value: number | null, field: keyof PurchaseValues, message: string) => {
    if (value === null || value < 0) errors[field] = message;
  };
  amount(values.discount_cents, 'discount_cents', MESSAGES.discountInvalid);
  amount(values.shipping_cents, 'shipping_cents', MESSAGES.shippingInvalid);
  amount(values.return_cents, 'return_cents', MESSAGES.returnsInvalid);

  let filled = 0;
  values.lines.forEach((line, i) => {
    if (isBlankLine(line)) return;
    filled += 1;
    if (!line.category_id || !line.product_id || line.cost_cents === null) errors[`lines.${i}`] = MESSAGES.lineIncomplete;
    if (line.cost_cents === null || line.cost_cents < 0) errors[`lines.${i}.cost_cents`] = MESSAGES.costRequired;
    if (positiveInt(line.quantity) === null) errors[`lines.${i}.quantity`] = MESSAGES.quantityRequired;
    // Goods expire; services do not (the server asks the same of goods lines only).
    if (!line.expiry_date && line.kind !== 'service') errors[`lines.${i}.expiry_date`] = MESSAGES.expiryRequired;
  });
  if (filled === 0) errors.lines = MESSAGES.itemsRequired;
  // An unconditional discount cannot exceed what it discounts.
  if (!errors.discount_cents && filled > 0 && (values.discount_cents ?? 0) > linesSubtotal(values.lines)) errors.discount_cents = MESSAGES.discountInvalid;
  return errors;
}

/** The non-blank lines, as the API takes them (what is missing is left out, for the server to name). */
export function apiLines(lines: readonly LineValues[]) {
  return lines
    .filter((line) => !isBlankLine(line))
    .map((line) => ({
      category_id: Number(line.category_id) || 0,
      product_id: Number(line.product_id) || 0,
      expiry_date: line.expiry_date,
      ...(line.cost_cents === null ? {} : { cost_cents: line.cost_cents }),
      ...(positiveInt(line.quantity) === null ? {} : { quantity: positiveInt(line.quantity) }),
    }));
}

/**
 * What to ask the server's tax engine, or null while there is nothing to price: a supplier (its
 * tax profile decides the withholdings), a date (the UVT year) and at least one priced line.
 */
export function quoteRequest(values: Pick<PurchaseValues, 'supplier_id' | 'purchase_date' | 'lines' | 'discount_cents' | 'shipping_cents'>): QuoteRequest | null {
  if (!values.supplier_id || !/^\d{4}-\d{2}-\d{2}$/.test(values.purchase_date)) return null;
  const lines = values.lines
    .filter((line) => line.category_id && line.product_id && lineSubtotal(line) !== null)
    .map((line) => ({ category_id: Number(line.category_id), product_id: Number(line.product_id), cost_cents: line.cost_cents ?? 0, quantity: Number(line.quantity.trim()) }));
  if (lines.length === 0) return null;
  return {
    supplier_id: Number(values.supplier_id),
    purchase_date: values.purchase_date,
    lines,
    discount_cents: Math.max(values.discount_cents ?? 0, 0),
    shipping_cents: Math.max(values.shipping_cents ?? 0, 0),
  };
}

/** The purchase as JSON (modules/purchasing's PurchaseBody). */
export function purchaseBody(values: PurchaseValues, receivedOrderId?: number) {
  const days = values.days_of_credit.trim();
  return {
    purchase_date: values.purchase_date,
    reference_no: values.reference_no.trim(),
    supplier_id: Number(values.supplier_id) || 0,
    store_id: Number(values.store_id) || 0,
    days_of_credit: /^\d{1,9}$/.test(days) ? Number(days) : 0,
    note: values.note,
    shipping_carrier: values.shipping_carrier.trim(),
    shipping_cents: values.shipping_cents ?? 0,
    discount_cents: values.discount_cents ?? 0,
    return_cents: values.return_cents ?? 0,
    lines: apiLines(values.lines),
    ...(receivedOrderId === undefined ? {} : { received_order_id: receivedOrderId }),
  };
}

/** The multipart body of a create or update: `data` = the purchase as JSON, `attachment` = the image. */
export function purchaseFormData(values: PurchaseValues, attachment: File | null, receivedOrderId?: number): FormData {
  const body = new FormData();
  body.set('data', JSON.stringify(purchaseBody(values, receivedOrderId)));
  if (attachment) body.set('attachment', attachment, attachment.name);
  return body;
}

/**
 * A server field name in the form's terms: "lines[2].cost_cents" and "lines.2.cost_cents" both
 * become "lines.2.cost_cents".
 */
export function formPath(serverField: string): string {
  return serverField.replace(/\[(\d+)\]/g, '.$1');
}
