/**
 * The purchase form's model, without React: the values the form edits, the spec §5 checks as a
 * zod schema with their exact messages (keys of the `purchasing` namespace), line subtotals, the
 * quote request that asks the server for the totals, and the multipart body of a save. Money is
 * integer centavos throughout; a line subtotal is cost × quantity in centavos, exact.
 *
 * Lines left completely blank are ignored, so the trailing empty line of the keyboard flow never
 * blocks a save; a line with anything in it must be complete.
 */
import { z } from 'zod/mini';
import { todayInBogota } from '@/lib/dates';
import { attachmentsOf, attachmentsSchema, checkLines, positiveWhole, type AttachmentsValue } from '@/components/document-form';
import type { Purchase, PurchaseLine, QuoteRequest } from '../api/purchases';

/** One line as the form edits it (ids as select values, quantity as typed). */
export interface LineValues {
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
  shipping_carrier: string;
  lines: LineValues[];
  /** The invoice image: the stored one (edit) or the file chosen now. */
  attachment: AttachmentsValue;
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
  lineIncomplete: 'validation.lineIncomplete',
  itemsRequired: 'validation.itemsRequired',
} as const;

/** Shortest reference accepted (spec: 'Reference No is too short'). */
export const MIN_REFERENCE_LENGTH = 3;

/** A new, empty line. */
export function emptyLine(): LineValues {
  return { category_id: '', product_id: '', product_code: '', product_name: '', kind: '', expiry_date: '', cost_cents: null, quantity: '' };
}

/** The form's lines from a stored purchase or a received-order draft. */
export function linesFrom(lines: readonly PurchaseLine[]): LineValues[] {
  return lines.map((line) => ({
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

/** A new purchase: today, 30 days of credit, one empty line. */
export function newPurchase(): PurchaseValues {
  return {
    purchase_date: todayInBogota(),
    reference_no: '',
    supplier_id: '',
    store_id: '',
    days_of_credit: '30',
    note: '',
    shipping_cents: 0,
    discount_cents: 0,
    shipping_carrier: '',
    lines: [emptyLine()],
    attachment: attachmentsOf(),
  };
}

/** A stored purchase as the form edits it, with an empty line to type the next item in. */
export function purchaseValues(p: Purchase): PurchaseValues {
  return {
    purchase_date: p.purchase_date.slice(0, 10),
    reference_no: p.reference_no,
    supplier_id: String(p.supplier_id),
    store_id: String(p.store_id),
    days_of_credit: String(p.days_of_credit),
    note: p.note ?? '',
    shipping_cents: p.totals.shipping_cents,
    discount_cents: p.totals.discount_cents,
    shipping_carrier: p.shipping_carrier ?? '',
    lines: [...linesFrom(p.lines ?? []), emptyLine()],
    attachment: attachmentsOf([p.attachment]),
  };
}

/** purchase date + days of credit, as YYYY-MM-DD; '' when either is missing. */
export function dueDate(purchaseDate: string, days: string | number): string {
  const n = typeof days === 'number' ? days : /^\d{1,4}$/.test(days.trim()) ? Number(days.trim()) : NaN;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(purchaseDate);
  if (!m || !Number.isInteger(n)) return '';
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return date.toISOString().slice(0, 10);
}

/** Whether the person left a line untouched. */
export function isBlankLine(line: LineValues): boolean {
  return !line.category_id && !line.product_id && !line.product_name.trim() && !line.expiry_date && line.cost_cents === null && !line.quantity.trim();
}

/** cost × quantity in centavos, or null while either is missing or invalid. */
export function lineSubtotal(line: Pick<LineValues, 'cost_cents' | 'quantity'>): number | null {
  const quantity = positiveWhole(line.quantity);
  if (line.cost_cents === null || line.cost_cents < 0 || quantity === null) return null;
  const subtotal = line.cost_cents * quantity;
  return Number.isSafeInteger(subtotal) ? subtotal : null;
}

/** The sum of the complete lines' subtotals (what the person sees before the server answers). */
export function linesSubtotal(lines: readonly LineValues[]): number {
  return lines.reduce((sum, line) => sum + (lineSubtotal(line) ?? 0), 0);
}

/** An amount that must be there and not below zero. */
const amount = (message: string) => z.nullable(z.number()).check(z.refine((v) => v !== null && v >= 0, { message }));

const lineShape = z.object({
  category_id: z.string(),
  product_id: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  kind: z.enum(['', 'goods', 'service']),
  expiry_date: z.string(),
  cost_cents: z.nullable(z.number()),
  quantity: z.string(),
});

/**
 * The spec §5 checks. Messages land on their fields ('reference_no', 'lines.2.cost_cents',
 * 'lines' for the list, 'attachment'); a line's messages are listed under it.
 */
export const purchaseSchema = z
  .object({
    purchase_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: MESSAGES.purchaseDateRequired })),
    reference_no: z.string().check(
      z.superRefine((text, ctx) => {
        const reference = text.trim();
        if (!reference) ctx.addIssue({ code: 'custom', message: MESSAGES.referenceRequired });
        else if ([...reference].length < MIN_REFERENCE_LENGTH) ctx.addIssue({ code: 'custom', message: MESSAGES.referenceShort });
      }),
    ),
    supplier_id: z.string().check(z.minLength(1, { message: MESSAGES.supplierRequired })),
    store_id: z.string().check(z.minLength(1, { message: MESSAGES.storeRequired })),
    days_of_credit: z.string().check(z.refine((text) => positiveWhole(text) !== null, { message: MESSAGES.creditPositive })),
    note: z.string(),
    shipping_carrier: z.string(),
    shipping_cents: amount(MESSAGES.shippingInvalid),
    discount_cents: amount(MESSAGES.discountInvalid),
    lines: z.array(lineShape),
    attachment: attachmentsSchema({ required: MESSAGES.attachmentRequired, tooLarge: MESSAGES.maxFileSize }),
  })
  .check(
    z.superRefine((values, ctx) => {
      const filled = checkLines(ctx, values.lines, {
        name: 'lines',
        isBlank: isBlankLine,
        required: MESSAGES.itemsRequired,
        check: (line, issue) => {
          if (!line.category_id) issue('category_id', MESSAGES.lineIncomplete);
          if (!line.product_id) issue('product_id', MESSAGES.lineIncomplete);
          if (line.cost_cents === null || line.cost_cents < 0) issue('cost_cents', MESSAGES.costRequired);
          if (positiveWhole(line.quantity) === null) issue('quantity', MESSAGES.quantityRequired);
          // Goods expire; services do not (the server asks the same of goods lines only).
          if (!line.expiry_date && line.kind !== 'service') issue('expiry_date', MESSAGES.expiryRequired);
        },
      });
      // An unconditional discount cannot exceed what it discounts.
      const discount = values.discount_cents ?? 0;
      if (filled > 0 && discount >= 0 && discount > linesSubtotal(values.lines)) ctx.addIssue({ code: 'custom', path: ['discount_cents'], message: MESSAGES.discountInvalid });
    }),
  );

/** The non-blank lines, as the API takes them (what is missing is left out, for the server to name). */
export function apiLines(lines: readonly LineValues[]) {
  return lines
    .filter((line) => !isBlankLine(line))
    .map((line) => ({
      category_id: Number(line.category_id) || 0,
      product_id: Number(line.product_id) || 0,
      expiry_date: line.expiry_date,
      ...(line.cost_cents === null ? {} : { cost_cents: line.cost_cents }),
      ...(positiveWhole(line.quantity) === null ? {} : { quantity: positiveWhole(line.quantity) }),
    }));
}

/**
 * What to ask the server's tax engine, or null while there is nothing to price: a supplier (its
 * tax profile decides the withholdings), a date (the UVT year) and at least one priced line.
 */
export function quoteRequest(values: Pick<PurchaseValues, 'supplier_id' | 'purchase_date' | 'lines' | 'discount_cents' | 'shipping_cents'>): QuoteRequest | null {
  if (!values.supplier_id || !/^\d{4}-\d{2}-\d{2}$/.test(values.purchase_date)) return null;
  const lines = (values.lines ?? [])
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
    lines: apiLines(values.lines),
    ...(receivedOrderId === undefined ? {} : { received_order_id: receivedOrderId }),
  };
}

/**
 * The multipart body of a create or update: `data` = the purchase as JSON, `attachment` = the
 * image chosen now (none keeps the stored one).
 */
export function purchaseFormData(values: PurchaseValues, receivedOrderId?: number): FormData {
  const body = new FormData();
  body.set('data', JSON.stringify(purchaseBody(values, receivedOrderId)));
  const file = values.attachment.files[values.attachment.files.length - 1];
  if (file) body.set('attachment', file, file.name);
  return body;
}
