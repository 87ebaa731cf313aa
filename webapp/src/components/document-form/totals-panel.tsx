/**
 * A document's totals as the SERVER computes them (its quote while typing, the stored numbers
 * otherwise): one tax engine, never a second one in the browser. The feature says which rows a
 * document has; the panel lays them out, marks itself busy while a quote is on its way and shows
 * why none could be had.
 */
import { useTranslation } from 'react-i18next';
import { formatCop } from '@/components/form/money';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { LiveQuote } from './live-quote';
import { FailureMessage } from './missing-uvt';

/** One line of the panel. */
export interface TotalsRow {
  label: string;
  /** A rate as the server words it ("2.5%", "2.5% + 4%"), shown after the label in the interface language (formatRate). */
  rate?: string;
  /** Centavos; undefined shows a dash. */
  cents: number | undefined;
  testId: string;
  /** A total: bold, with a rule above. */
  strong?: boolean;
  /** An amount taken off (discount, withholding): shown with a minus. */
  negative?: boolean;
  /** Left out when false (e.g. returns only when there are some). */
  shown?: boolean;
}

/**
 * A rate as the server words it — "2.5%", or "2.5% + 4%" when two concepts are withheld — written
 * the way the interface language writes percentages: "2,5 %" and "2,5 % + 4 %" in Spanish
 * (decimal comma, a non-breaking space before the sign, as the RAE and ISO 80000 write it), "2.5%"
 * in English. The server keeps one neutral wording for every client; the reader's language is
 * the browser's. The sign is placed here rather than by Intl's percent style, whose es-CO
 * pattern writes no space ("2,5%") and whose patterns follow each browser's ICU data. Text that
 * is not a rate passes unchanged.
 */
export function formatRate(rate: string, language: string): string {
  const english = language === 'en';
  const number = new Intl.NumberFormat(english ? 'en-US' : 'es-CO', { maximumFractionDigits: 4 });
  return rate.replace(/(\d+(?:\.\d+)?)\s*%/g, (_, value: string) => number.format(value as Intl.StringNumericLiteral) + (english ? '%' : '\u00a0%'));
}

/** Props of TotalsPanel. */
export interface TotalsPanelProps {
  title?: string;
  rows: readonly TotalsRow[];
  /** The quote's state; leave out for stored numbers. */
  quote?: Pick<LiveQuote<unknown>, 'updating' | 'error' | 'cause'>;
  /** Said while there are no numbers yet (what to fill in to get them). */
  hint?: string;
  /** Whether there are numbers to show. */
  hasTotals: boolean;
  testId?: string;
}

/** The totals panel. */
export function TotalsPanel({ title, rows, quote, hint, hasTotals, testId = 'document-totals' }: TotalsPanelProps) {
  const { t, i18n } = useTranslation('common');
  const updating = quote?.updating ?? false;
  return (
    <Card className="space-y-2 p-4" data-testid={testId} aria-live="polite" aria-busy={updating || undefined}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-medium">{title ?? t('documentForm.totals')}</h2>
        {updating && (
          <span className="inline-flex items-center gap-1 text-xs text-muted" data-testid="totals-updating">
            <Spinner className="size-4" />
            <span className="sr-only">{t('documentForm.updatingTotals')}</span>
          </span>
        )}
      </div>
      {!hasTotals && !quote?.error && hint && <p className="text-sm text-muted">{hint}</p>}
      {quote?.error && (
        <p className="text-sm text-danger" role="alert" data-testid="totals-error">
          <FailureMessage cause={quote.cause} text={quote.error} />
        </p>
      )}
      <dl className="text-sm">
        {rows
          .filter((row) => row.shown !== false)
          .map((row) => (
            // A figure too wide to share the line with its label (a run of many large
            // documents: $ 999.999.999.999,99) goes under it, to the end: it never leaves the card.
            <div key={row.testId} className={`flex flex-wrap justify-between gap-x-4 py-1 ${row.strong ? 'border-t border-line pt-2 text-base font-semibold' : ''}`}>
              <dt className={row.strong ? '' : 'text-muted'}>
                {row.label}
                {row.rate && ` (${formatRate(row.rate, i18n.language)})`}
              </dt>
              <dd className="ms-auto whitespace-nowrap text-end tabular-nums" data-testid={row.testId}>
                {row.cents === undefined || !hasTotals ? '—' : formatCop(row.negative && row.cents !== 0 ? -row.cents : row.cents)}
              </dd>
            </div>
          ))}
      </dl>
    </Card>
  );
}
