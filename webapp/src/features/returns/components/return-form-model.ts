/**
 * The return form's model, without React: the values it edits, its checks, the quote request
 * and the API body. A return is either "goods" — a quantity (whole units) per line of the
 * purchase, none above what the line may still give back (purchased − returned − pending) — or
 * "value" — an amount, a price correction agreed with the supplier, none above what the purchase
 * may still take back. The amounts (base, VAT, withholdings reversed) are never computed here:
 * the server's quote prices the return in proportion to the purchase (modules/tax).
 *
 * Messages are keys of the `returns` namespace, except the two that name figures (the product
 * and its returnable quantity; the returnable value), which the caller's `say` words in the
 * reader's language. The server checks everything again (another return may have been recorded
 * since the page loaded) and its 422 lands on the same fields.
 */
import { z } from 'zod/mini';
import { attachmentsOf, attachmentsSchema, checkLines, type AttachmentsValue } from '@/components/document-form';
import { todayInBogota } from '@/lib/dates';
import type { ReturnBody, ReturnKind, ReturnQuoteRequest, ReturnableLine } from '../api/returns';

/** One line of the purchase as the form edits it: which line, and the units typed. */
export interface ReturnLineValues {
  purchase_line_id: number;
  quantity: string;
}

/** The whole form. */
export interface ReturnValues {
  return_date: string;
  reference_no: string;
  note: string;
  kind: ReturnKind;
  lines: ReturnLineValues[];
  value_cents: number | null;
  images: AttachmentsValue;
}

/** Keys of the `returns` namespace for the form's messages. */
export const MESSAGES = {
  dateRequired: 'validation.dateRequired',
  referenceRequired: 'validation.referenceRequired',
  referenceTooLong: 'validation.referenceTooLong',
  quantityInvalid: 'validation.quantityInvalid',
  quantityOver: 'validation.quantityOver',
  linesRequired: 'validation.linesRequired',
  valueRequired: 'validation.valueRequired',
  valueOver: 'validation.valueOver',
  maxFileSize: 'validation.maxFileSize',
  tooManyImages: 'validation.tooManyImages',
} as const;

/** Longest reference number (modules/purchasing). */
export const MAX_REFERENCE_LENGTH = 100;
/** Most images a return keeps (modules/purchasing). */
export const MAX_RETURN_IMAGES = 10;
/** Most digits of a quantity typed in a line. */
const MAX_QUANTITY_DIGITS = 9;

/** Words a message with figures (`key` of the `returns` namespace) in the reader's language. */
export type Say = (key: string, params: Record<string, string | number>) => string;

/** What the checks compare against: the purchase's lines and the value still returnable. */
export interface ReturnLimits {
  lines: readonly Pick<ReturnableLine, 'purchase_line_id' | 'product_name' | 'returnable_quantity'>[];
  returnableCents: number;
}

/** A new return of a purchase with these lines: today in Bogota, goods, nothing typed yet. */
export function newReturn(lines: readonly Pick<ReturnableLine, 'purchase_line_id'>[]): ReturnValues {
  return {
    return_date: todayInBogota(),
    reference_no: '',
    note: '',
    kind: 'goods',
    lines: lines.map((line) => ({ purchase_line_id: line.purchase_line_id, quantity: '' })),
    value_cents: null,
    images: attachmentsOf(),
  };
}

/**
 * The units a line's text states: 0 for nothing (or zeros) typed, a whole number, or null when
 * it is not one (letters, decimals, a sign, too many digits).
 */
export function typedQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (trimmed.length > MAX_QUANTITY_DIGITS || !/^\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Whether a line gives nothing back (left empty or 0): a save leaves it out. */
export function isBlankLine(line: ReturnLineValues): boolean {
  return typedQuantity(line.quantity) === 0;
}

/** The lines that give something back, as the API takes them (whole units only). */
export function returnedLines(lines: readonly ReturnLineValues[]): { purchase_line_id: number; quantity: number }[] {
  return lines.flatMap((line) => {
    const quantity = typedQuantity(line.quantity);
    return quantity ? [{ purchase_line_id: line.purchase_line_id, quantity }] : [];
  });
}

/** The form's checks for a purchase with these limits; each message lands on its field. */
export function returnSchema(limits: ReturnLimits, say: Say, formatMoney: (cents: number) => string) {
  const byLine = new Map(limits.lines.map((line) => [line.purchase_line_id, line]));
  return z
    .object({
      return_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: MESSAGES.dateRequired })),
      reference_no: z
        .string()
        .check(
          z.refine((text) => text.trim() !== '', { message: MESSAGES.referenceRequired }),
          z.refine((text) => [...text.trim()].length <= MAX_REFERENCE_LENGTH, { message: MESSAGES.referenceTooLong }),
        ),
      note: z.string(),
      kind: z.enum(['goods', 'value']),
      lines: z.array(z.object({ purchase_line_id: z.number(), quantity: z.string() })),
      value_cents: z.nullable(z.number()),
      images: attachmentsSchema({ tooLarge: MESSAGES.maxFileSize }).check(
        z.refine((v) => v.existing.length + v.files.length <= MAX_RETURN_IMAGES, { message: MESSAGES.tooManyImages }),
      ),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.kind === 'value') {
          const cents = values.value_cents;
          if (cents === null || cents <= 0) ctx.addIssue({ code: 'custom', path: ['value_cents'], message: MESSAGES.valueRequired });
          else if (cents > limits.returnableCents)
            ctx.addIssue({ code: 'custom', path: ['value_cents'], message: say(MESSAGES.valueOver, { amount: formatMoney(limits.returnableCents) }) });
          return;
        }
        checkLines(ctx, values.lines, {
          name: 'lines',
          isBlank: (line) => isBlankLine(line),
          required: MESSAGES.linesRequired,
          check: (line, issue) => {
            const quantity = typedQuantity(line.quantity);
            const limit = byLine.get(line.purchase_line_id);
            if (quantity === null) issue('quantity', MESSAGES.quantityInvalid);
            else if (limit && quantity > limit.returnable_quantity)
              issue('quantity', say(MESSAGES.quantityOver, { product: limit.product_name, count: limit.returnable_quantity }));
          },
        });
      }),
    );
}

/**
 * What to ask the server's quote, or null while there is nothing to price: no line with a whole
 * quantity (goods), or no amount above zero (value). A quantity over what is returnable is still
 * asked: the server's answer says so, naming the product.
 */
export function quoteRequest(purchaseId: number, values: Pick<ReturnValues, 'kind' | 'lines' | 'value_cents'>): ReturnQuoteRequest | null {
  if (values.kind === 'value') {
    const cents = values.value_cents;
    return cents !== null && cents > 0 ? { purchase_id: purchaseId, kind: 'value', lines: [], value_cents: cents } : null;
  }
  const lines = returnedLines(values.lines ?? []);
  return lines.length > 0 ? { purchase_id: purchaseId, kind: 'goods', lines, value_cents: 0 } : null;
}

/** The return as the `data` part carries it (texts trimmed; only the chosen kind's figures). */
export function returnBody(values: ReturnValues, purchaseId: number): ReturnBody {
  const goods = values.kind === 'goods';
  return {
    purchase_id: purchaseId,
    return_date: values.return_date,
    reference_no: values.reference_no.trim(),
    note: values.note.trim(),
    kind: values.kind,
    lines: goods ? returnedLines(values.lines) : [],
    value_cents: goods ? 0 : (values.value_cents ?? 0),
  };
}
