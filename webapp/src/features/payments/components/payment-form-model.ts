/**
 * The payment form's model, without React: the values it edits, its checks with their exact
 * messages (keys of the `payments` namespace: 'Payment Date is required', spec §5's 'Reference
 * No is required' — 'El número de referencia es obligatorio'…), a new payment's values and the
 * API body. Money is integer centavos; the amount starts at what the document may still take.
 *
 * What the document may still take is the server's to decide (other payments may be waiting
 * since the page loaded): 'The payment exceeds the balance due ($ …).' comes back on the amount.
 */
import { z } from 'zod/mini';
import { attachmentsOf, attachmentsSchema, type AttachmentsValue } from '@/components/document-form';
import { todayInBogota } from '@/lib/dates';
import type { PaymentBody } from '../api/create-payment';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentType } from '../api/list-payments';

/** What a run and a single payment share: when, which reference, how, and a note. */
export interface PaymentHeaderValues {
  date: string;
  reference_no: string;
  method: PaymentMethod | '';
  note: string;
}

/** The whole form. */
export interface PaymentValues extends PaymentHeaderValues {
  amount_cents: number | null;
  images: AttachmentsValue;
}

/** Keys of the `payments` namespace for the forms' messages. */
export const MESSAGES = {
  dateRequired: 'validation.dateRequired',
  referenceRequired: 'validation.referenceRequired',
  referenceTooLong: 'validation.referenceTooLong',
  amountRequired: 'validation.amountRequired',
  methodRequired: 'validation.methodRequired',
  maxFileSize: 'validation.maxFileSize',
  tooManyImages: 'validation.tooManyImages',
  itemsRequired: 'validation.itemsRequired',
} as const;

/** Most images a payment keeps (modules/payments). */
export const MAX_PAYMENT_IMAGES = 10;
/** Longest reference number (modules/payments). */
export const MAX_REFERENCE_LENGTH = 100;
/** The method a new payment starts with: most payments are transfers. */
export const DEFAULT_METHOD: PaymentMethod = 'transfer';

/** A new run's or payment's shared fields: today in Bogota, a transfer. */
export function newHeader(): PaymentHeaderValues {
  return { date: todayInBogota(), reference_no: '', method: DEFAULT_METHOD, note: '' };
}

/** A new payment of `availableCents` (what the document may still take; null: not known yet). */
export function newPayment(availableCents: number | null): PaymentValues {
  return { ...newHeader(), amount_cents: availableCents, images: attachmentsOf() };
}

/** The checks of the shared fields. */
export const headerShape = {
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: MESSAGES.dateRequired })),
  reference_no: z
    .string()
    .check(
      z.refine((text) => text.trim() !== '', { message: MESSAGES.referenceRequired }),
      z.refine((text) => [...text.trim()].length <= MAX_REFERENCE_LENGTH, { message: MESSAGES.referenceTooLong }),
    ),
  method: z
    .custom<PaymentMethod | ''>((m) => typeof m === 'string')
    .check(z.refine((m) => PAYMENT_METHODS.includes(m as PaymentMethod), { message: MESSAGES.methodRequired })),
  note: z.string(),
};

/** An amount of centavos more than zero. */
export const amountSchema = z.number({ message: MESSAGES.amountRequired }).check(z.int(), z.positive({ message: MESSAGES.amountRequired }));

/** The form's checks; each message lands on its field. */
export const paymentSchema = z.object({
  ...headerShape,
  amount_cents: z.nullable(amountSchema).check(z.refine((cents) => cents !== null, { message: MESSAGES.amountRequired })),
  images: attachmentsSchema({ tooLarge: MESSAGES.maxFileSize }).check(
    z.refine((v) => v.existing.length + v.files.length <= MAX_PAYMENT_IMAGES, { message: MESSAGES.tooManyImages }),
  ),
});

/** The shared fields as the API takes them (texts trimmed). */
export function headerBody(values: PaymentHeaderValues) {
  return { date: values.date, reference_no: values.reference_no.trim(), method: values.method as PaymentMethod, note: values.note.trim() };
}

/** A payment's direction: money paid on the document, or a refund of a purchase's credit. */
export type PaymentDirection = NonNullable<PaymentBody['direction']>;

/** The payment as the `data` part carries it. */
export function paymentBody(
  values: PaymentValues,
  type: PaymentType,
  documentId: number,
  direction: PaymentDirection = 'payment',
): PaymentBody & { type: PaymentType } {
  return { type, direction, document_id: documentId, ...headerBody(values), amount_cents: values.amount_cents ?? 0 };
}
