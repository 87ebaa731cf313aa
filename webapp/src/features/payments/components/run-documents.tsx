/**
 * The open documents of the run's parties, one row each: a tick, the document's number (a
 * purchase's is the supplier's invoice number; a sale's shows the customer's reference), its
 * party, due date, days overdue, balance, what is pending on it, and the amount to pay —
 * starting at what it may still take. Below md each document is a card. A refusal of the server
 * lands on its row's amount.
 */
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LineMoney, useFieldError } from '@/components/document-form';
import { formatCop } from '@/components/form/money';
import { TextCell } from '@/components/list/data-table';
import { cn } from '@/components/ui/cn';
import { isSmaller, useSizeClass } from '@/lib/breakpoints';
import { useDates } from '@/lib/dates/use-dates';
import type { OpenDocument } from '../api/list-open-documents';
import type { RunValues } from './run-form-model';

/**
 * A document's number: a purchase's is the supplier's invoice number; a sale's number comes with
 * the customer's own reference under it, when it gave one.
 */
function DocumentNumber({ doc }: { doc: OpenDocument }) {
  const { t } = useTranslation('payments');
  return (
    <span className="inline-flex min-w-0 flex-col leading-tight">
      <span className="break-all">{doc.number}</span>
      {doc.invoice_number && doc.invoice_number !== doc.number && (
        // It wraps under the number, which does not: the column is as narrow as the number allows.
        <span className="whitespace-normal text-xs font-normal text-muted">
          {t(`run.invoice_${doc.type}`)}: {doc.invoice_number}
        </span>
      )}
    </span>
  );
}

/**
 * A column of the documents: its header key, its value, and whether it is a figure (right-aligned)
 * or a name (one line, cut with an ellipsis when the table is short of room, whole in its tooltip).
 */
interface Fact {
  key: string;
  value: (doc: OpenDocument, date: (day: string) => string) => string;
  figure?: boolean;
  dated?: boolean;
  name?: boolean;
}

const FACTS: readonly Fact[] = [
  { key: 'run.party', value: (d) => d.party_name, name: true },
  { key: 'run.dueDate', value: (d, date) => date(d.due_date), dated: true },
  { key: 'run.overdue', value: (d) => (d.days_overdue > 0 ? String(d.days_overdue) : ''), figure: true, dated: true },
  { key: 'run.balance', value: (d) => formatCop(d.balance_cents), figure: true },
  { key: 'run.pending', value: (d) => (d.pending_cents > 0 ? formatCop(d.pending_cents) : ''), figure: true },
];

/**
 * The least width of the party's name: with the run's figures (balance, pending, amount) and the
 * total beside it, a name that wrapped at its words still pushed the amounts out of the card at
 * 1366 px ("Comercializadora" is one word). Its whole is the tooltip, and the party picker above.
 */
const PARTY_LEAST = '5rem';

/** The columns shown: due date and days overdue only when a document has a due date (a sale has none). */
function factsOf(dated: boolean): readonly Fact[] {
  return FACTS.filter((f) => dated || !f.dated);
}

/** One document's row (or card); `index` is its item's place in the form. */
function RunDocument({ doc, index, cards, dated }: { doc: OpenDocument; index: number; cards: boolean; dated: boolean }) {
  const { t } = useTranslation('payments');
  const dates = useDates();
  const { field: pay } = useController<RunValues, `items.${number}.pay`>({ name: `items.${index}.pay` });
  const amountError = useFieldError(`items.${index}.amount_cents`);
  const documentError = useFieldError(`items.${index}.document_id`);
  const error = amountError ?? documentError;
  const tick = (
    <input
      type="checkbox"
      className="size-4 accent-primary"
      ref={pay.ref}
      name={pay.name}
      checked={pay.value}
      onChange={(e) => pay.onChange(e.target.checked)}
      onBlur={pay.onBlur}
      aria-label={t('run.pay_document', { number: doc.number })}
      data-testid="item-pay"
    />
  );
  const amount = (
    // 6rem holds nine digits (hundreds of millions of pesos): the run's table fits its card at 1366 px beside
    // the total. At most 7rem: an input's natural width (20 characters) took the room a party's name wants.
    <LineMoney<RunValues> name={`items.${index}.amount_cents`} label={t('run.amount')} testId="item-amount" className={cn('min-w-24 max-w-28', !pay.value && 'opacity-60')} />
  );
  const facts = factsOf(dated).map((f) => ({ ...f, value: f.value(doc, dates.date) }));
  const message = error && (
    <p className="text-xs text-danger" role="alert" data-testid="item-error">
      {error}
    </p>
  );
  if (cards) {
    return (
      <li className="space-y-2 rounded-lg border border-line p-3 text-sm" data-testid="run-document" data-number={doc.number}>
        <label className="flex items-center gap-2 font-medium">
          {tick}
          <DocumentNumber doc={doc} />
        </label>
        <dl className="grid grid-cols-[minmax(5rem,40%)_minmax(0,1fr)] gap-x-3 gap-y-1">
          {facts
            .filter((f) => f.value !== '')
            .map((f) => (
              <div key={f.key} className="contents">
                <dt className="text-muted">{t(f.key)}</dt>
                <dd className="min-w-0 break-words tabular-nums">{f.value}</dd>
              </div>
            ))}
          <dt className="self-center text-muted">{t('run.amount')}</dt>
          <dd className="min-w-0">{amount}</dd>
        </dl>
        {message}
      </li>
    );
  }
  return (
    <tr className="border-t border-line align-top" data-testid="run-document" data-number={doc.number}>
      <td className="px-1.5 py-2">{tick}</td>
      <td className="whitespace-nowrap px-1.5 py-2 font-medium">
        <DocumentNumber doc={doc} />
      </td>
      {facts.map((f) => (
        <td key={f.key} className={cn('px-1.5 py-2', f.figure ? 'whitespace-nowrap text-end tabular-nums' : f.dated && 'whitespace-nowrap')}>
          {f.name ? <TextCell least={PARTY_LEAST}>{f.value}</TextCell> : f.value}
        </td>
      ))}
      <td className="px-1.5 py-1.5">
        {amount}
        {message}
      </td>
    </tr>
  );
}

/** The documents of the run, in the items' order. */
export function RunDocuments({ docs }: { docs: readonly OpenDocument[] }) {
  const { t } = useTranslation('payments');
  const cards = isSmaller(useSizeClass(), 'md');
  const items = useWatch<RunValues, 'items'>({ name: 'items' });
  const rows = items.flatMap((item, index) => {
    const doc = docs.find((d) => d.id === item.document_id);
    return doc ? [{ doc, index }] : [];
  });
  const dated = docs.some((d) => d.due_date !== '');
  if (cards) {
    return (
      <ul className="space-y-2" data-testid="run-documents">
        {rows.map(({ doc, index }) => (
          <RunDocument key={doc.id} doc={doc} index={index} cards dated={dated} />
        ))}
      </ul>
    );
  }
  const type = docs[0]?.type ?? 'purchase';
  const headers = [{ key: `run.number_${type}` }, ...factsOf(dated), { key: 'run.amount', figure: true }];
  // Cells padded a little less than a list's (px-1.5): nine columns, four of them figures.
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="run-documents">
        <caption className="sr-only">{t('run.documents')}</caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="w-8 px-1.5 py-2">
              <span className="sr-only">{t('run.pay')}</span>
            </th>
            {headers.map((h) => (
              <th key={h.key} scope="col" className={cn('px-1.5 py-2 align-bottom font-medium', h.figure ? 'text-end' : 'text-start')}>
                {t(h.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ doc, index }) => (
            <RunDocument key={doc.id} doc={doc} index={index} cards={false} dated={dated} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
