/**
 * The concurrent-payments form's model, without React: the run's values (the type of
 * documents, the parties chosen, one item per open document with its tick and amount, the
 * shared date, reference, method, note and one image), its checks, the items kept in step with
 * the open documents, the run's live total and its API body. Money is integer centavos: the
 * total is a sum of integers, exact.
 *
 * Each ticked document is one payment of the run. What a document may still take is the
 * server's to decide, in the run's own transaction: one document over its balance refuses the
 * whole run, named items.N.amount_cents (N counts the ticked items, as sent).
 */
import { z } from 'zod/mini';
import { attachmentsOf, attachmentsSchema, checkLines, type AttachmentsValue } from '@/components/document-form';
import type { OpenDocument } from '../api/list-open-documents';
import type { PaymentType } from '../api/list-payments';
import type { PaymentRunBody } from '../api/record-run';
import { amountSchema, headerBody, headerShape, MESSAGES, newHeader, type PaymentHeaderValues } from './payment-form-model';

/** A supplier or customer chosen for the run. */
export interface RunParty {
  id: number;
  name: string;
}

/** One open document of the run: whether it is paid, and how much. */
export interface RunItem {
  document_id: number;
  pay: boolean;
  amount_cents: number | null;
}

/** The whole form. */
export interface RunValues extends PaymentHeaderValues {
  type: PaymentType;
  parties: RunParty[];
  items: RunItem[];
  image: AttachmentsValue;
}

/** A new run of `type`: nobody chosen yet. */
export function newRun(type: PaymentType = 'purchase'): RunValues {
  return { type, parties: [], items: [], ...newHeader(), image: attachmentsOf() };
}

/**
 * The items of the documents now open, in their order (soonest due first): an item already
 * there keeps its tick and amount; a new one starts unticked at what its document may take.
 */
export function itemsFor(docs: readonly OpenDocument[], items: readonly RunItem[]): RunItem[] {
  return docs.map((d) => items.find((it) => it.document_id === d.id) ?? { document_id: d.id, pay: false, amount_cents: d.available_cents });
}

/** Whether an item is left out of the run. */
export function isUnticked(item: RunItem): boolean {
  return !item.pay;
}

/** The run's total: the ticked amounts (what is not an amount yet counts nothing). */
export function runTotal(items: readonly RunItem[]): number {
  return items.reduce((sum, it) => sum + (it.pay && it.amount_cents !== null && it.amount_cents > 0 ? it.amount_cents : 0), 0);
}

/** The form's checks: the shared fields, at least one ticked document, each with an amount. */
export const runSchema = z
  .object({
    ...headerShape,
    type: z.enum(['purchase', 'sale']),
    parties: z.array(z.object({ id: z.number(), name: z.string() })),
    items: z.array(z.object({ document_id: z.number(), pay: z.boolean(), amount_cents: z.nullable(z.number()) })),
    image: attachmentsSchema({ tooLarge: MESSAGES.maxFileSize }),
  })
  .check(
    z.superRefine((values, ctx) => {
      checkLines(ctx, values.items, {
        name: 'items',
        isBlank: isUnticked,
        required: MESSAGES.itemsRequired,
        check: (item, issue) => {
          if (!amountSchema.safeParse(item.amount_cents).success) issue('amount_cents', MESSAGES.amountRequired);
        },
      });
    }),
  );

/** The run as the API takes it: the ticked documents, in the table's order. */
export function runBody(values: RunValues): PaymentRunBody {
  return {
    type: values.type,
    ...headerBody(values),
    items: values.items.filter((it) => !isUnticked(it)).map((it) => ({ document_id: it.document_id, amount_cents: it.amount_cents ?? 0 })),
  };
}

/** The document a server field of the run names ('items.1.amount_cents': the second ticked item's), or undefined. */
export function documentOfField(path: string, items: readonly RunItem[]): number | undefined {
  const m = /^items\.(\d+)\./.exec(path);
  return m ? items.filter((it) => !isUnticked(it))[Number(m[1])]?.document_id : undefined;
}
