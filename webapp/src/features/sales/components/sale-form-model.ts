/**
 * The sale form's model, without React: the values the form edits, the checks with their exact
 * messages (keys of the `sales` namespace: 'Sale Date is required', 'Select at least one
 * product.'…), a line's total, the quote request that asks the server for the totals, and the
 * multipart body of a save. Money is integer centavos throughout: a line's total is
 * quantity × price − discount, exact.
 *
 * Lines left completely blank are ignored, so the trailing empty line of the keyboard flow never
 * blocks a save; a line with anything in it must be complete. Stock is the server's to decide
 * (only the save's transaction knows it): 'Not enough stock of {product}: {n} available.' comes
 * back on the line's quantity.
 */
import { z } from 'zod/mini';
import { attachmentsOf, attachmentsSchema, checkLines, positiveWhole, removedAttachments, type AttachmentsValue } from '@/components/document-form';
import { todayInBogota } from '@/lib/dates';
import type { Sale, SaleLine } from '../api/list-sales';
import type { SaleQuoteRequest } from '../api/quote-sale';
import type { SaleProductChoice } from '../api/sale-choices';

/** One line as the form edits it. */
export interface SaleLineValues {
  product_id: string;
  product_code: string;
  product_name: string;
  /** The product's VAT class once known ('19', '5', 'exento', 'excluido'). */
  iva_class: string;
  /** Units in stock when the product was picked (shown beside the quantity); null: unknown. */
  stock: number | null;
  kind: '' | 'goods' | 'service';
  price_cents: number | null;
  discount_cents: number | null;
  quantity: string;
}

/** The whole form. */
export interface SaleValues {
  sale_date: string;
  customer_id: string;
  store_id: string;
  customer_reference: string;
  note: string;
  lines: SaleLineValues[];
  images: AttachmentsValue;
}

/** Keys of the `sales` namespace for the form's messages. */
export const MESSAGES = {
  saleDateRequired: 'validation.saleDateRequired',
  customerRequired: 'validation.customerRequired',
  storeRequired: 'validation.storeRequired',
  productRequired: 'validation.productRequired',
  quantityRequired: 'validation.quantityRequired',
  priceRequired: 'validation.priceRequired',
  discountInvalid: 'validation.discountInvalid',
  itemsRequired: 'validation.itemsRequired',
  maxFileSize: 'validation.maxFileSize',
  tooManyImages: 'validation.tooManyImages',
  referenceTooLong: 'validation.referenceTooLong',
} as const;

/** Most images a sale keeps (modules/sales). */
export const MAX_SALE_IMAGES = 10;
/** Longest customer reference (modules/sales). */
export const MAX_REFERENCE_LENGTH = 100;

/** A new, empty line. */
export function emptyLine(): SaleLineValues {
  return { product_id: '', product_code: '', product_name: '', iva_class: '', stock: null, kind: '', price_cents: null, discount_cents: 0, quantity: '' };
}

/** A line for a picked product: its price as the line's price (editable), no discount yet. */
export function pickedLine(line: SaleLineValues, p: SaleProductChoice): SaleLineValues {
  return {
    ...line,
    product_id: String(p.id),
    product_code: p.code,
    product_name: p.name,
    iva_class: p.iva_class,
    stock: p.kind === 'service' ? null : p.quantity,
    kind: p.kind,
    price_cents: line.product_id === String(p.id) && line.price_cents !== null ? line.price_cents : p.price_cents,
  };
}

/** A stored line as the form edits it. */
function lineOf(l: SaleLine): SaleLineValues {
  return {
    product_id: String(l.product_id),
    product_code: l.product_code,
    product_name: l.product_name,
    iva_class: l.iva_class,
    stock: null,
    kind: l.kind,
    price_cents: l.price_cents,
    discount_cents: l.discount_cents,
    quantity: String(l.quantity),
  };
}

/** A new sale: today in Bogota, one empty line. */
export function newSale(): SaleValues {
  return { sale_date: todayInBogota(), customer_id: '', store_id: '', customer_reference: '', note: '', lines: [emptyLine()], images: attachmentsOf() };
}

/** A stored sale as the form edits it, with an empty line to type the next item in. */
export function saleValues(s: Sale): SaleValues {
  return {
    sale_date: s.sale_date.slice(0, 10),
    customer_id: String(s.customer_id),
    store_id: String(s.store_id),
    customer_reference: s.customer_reference ?? '',
    note: s.note ?? '',
    lines: [...(s.lines ?? []).map(lineOf), emptyLine()],
    images: attachmentsOf(s.images ?? []),
  };
}

/** A quantity as typed: up to 1,000,000,000 units (platform/bounds), ten digits. */
const quantityOf = (text: string) => positiveWhole(text, 10);

/** Whether the person left a line untouched. */
export function isBlankLine(line: SaleLineValues): boolean {
  return !line.product_id && !line.product_name.trim() && line.price_cents === null && !line.discount_cents && !line.quantity.trim();
}

/** quantity × price − discount in centavos, or null while the line cannot be priced. */
export function lineTotal(line: Pick<SaleLineValues, 'price_cents' | 'quantity' | 'discount_cents'>): number | null {
  const quantity = quantityOf(line.quantity);
  if (line.price_cents === null || line.price_cents < 0 || quantity === null) return null;
  const gross = line.price_cents * quantity;
  const discount = line.discount_cents ?? 0;
  if (!Number.isSafeInteger(gross) || discount < 0 || discount > gross) return null;
  return gross - discount;
}

const lineShape = z.object({
  product_id: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  iva_class: z.string(),
  stock: z.nullable(z.number()),
  kind: z.enum(['', 'goods', 'service']),
  price_cents: z.nullable(z.number()),
  discount_cents: z.nullable(z.number()),
  quantity: z.string(),
});

/**
 * The form's checks. Messages land on their fields ('sale_date', 'lines.2.quantity', 'lines' for
 * the list, 'images'); a line's messages are listed under it.
 */
export const saleSchema = z
  .object({
    sale_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: MESSAGES.saleDateRequired })),
    customer_id: z.string().check(z.minLength(1, { message: MESSAGES.customerRequired })),
    store_id: z.string().check(z.minLength(1, { message: MESSAGES.storeRequired })),
    customer_reference: z.string().check(z.refine((text) => [...text.trim()].length <= MAX_REFERENCE_LENGTH, { message: MESSAGES.referenceTooLong })),
    note: z.string(),
    lines: z.array(lineShape),
    images: attachmentsSchema({ tooLarge: MESSAGES.maxFileSize }).check(z.refine((v) => v.existing.length + v.files.length <= MAX_SALE_IMAGES, {
      message: MESSAGES.tooManyImages,
    })),
  })
  .check(
    z.superRefine((values, ctx) => {
      checkLines(ctx, values.lines, {
        name: 'lines',
        isBlank: isBlankLine,
        required: MESSAGES.itemsRequired,
        check: (line, issue) => {
          const quantityOk = quantityOf(line.quantity) !== null;
          const priceOk = line.price_cents !== null && line.price_cents >= 0;
          if (!line.product_id) issue('product_id', MESSAGES.productRequired);
          if (!quantityOk) issue('quantity', MESSAGES.quantityRequired);
          if (!priceOk) issue('price_cents', MESSAGES.priceRequired);
          // A line's discount goes from 0 to quantity × price.
          if ((line.discount_cents ?? 0) < 0 || (quantityOk && priceOk && lineTotal(line) === null)) issue('discount_cents', MESSAGES.discountInvalid);
        },
      });
    }),
  );

/** The non-blank lines as the API takes them (what is missing is left out, for the server to name). */
export function apiLines(lines: readonly SaleLineValues[]): NonNullable<SaleQuoteRequest['lines']> {
  return lines
    .filter((line) => !isBlankLine(line))
    .map((line) => ({
      product_id: Number(line.product_id) || 0,
      discount_cents: line.discount_cents ?? 0,
      ...(line.price_cents === null ? {} : { price_cents: line.price_cents }),
      ...(quantityOf(line.quantity) === null ? {} : { quantity: quantityOf(line.quantity)! }),
    }));
}

/**
 * What to ask the server's tax engine, or null while there is nothing to price: a customer (its
 * tax profile decides the withholdings), a date (the UVT year) and at least one priced line; only
 * priced lines are sent.
 */
export function quoteRequest(values: Pick<SaleValues, 'customer_id' | 'sale_date' | 'lines'>): SaleQuoteRequest | null {
  if (!values.customer_id || !/^\d{4}-\d{2}-\d{2}$/.test(values.sale_date)) return null;
  const lines = apiLines((values.lines ?? []).filter((line) => line.product_id && lineTotal(line) !== null));
  if (lines.length === 0) return null;
  return { sale_date: values.sale_date, customer_id: Number(values.customer_id), lines };
}

/** The sale as JSON (modules/sales' SaleBody); `start` (an edit) adds the images taken away. */
export function saleBody(values: SaleValues, start?: SaleValues): SaleQuoteRequest {
  const removed = start ? removedAttachments(start.images, values.images).map((img) => img.id) : [];
  return {
    sale_date: values.sale_date,
    customer_id: Number(values.customer_id) || 0,
    store_id: Number(values.store_id) || 0,
    customer_reference: values.customer_reference.trim(),
    note: values.note,
    lines: apiLines(values.lines),
    ...(removed.length ? { remove_image_ids: removed } : {}),
  };
}

/** The multipart body of a record or an edit: `data` = the sale as JSON, one `images` part per new image. */
export function saleFormData(values: SaleValues, start?: SaleValues): FormData {
  const body = new FormData();
  body.set('data', JSON.stringify(saleBody(values, start)));
  for (const file of values.images.files) body.append('images', file, file.name);
  return body;
}
