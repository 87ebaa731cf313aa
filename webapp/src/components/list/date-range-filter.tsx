/**
 * A list filter over a range of calendar days (from, to; either may be open), typed in the
 * interface language's pattern like every date (useDateText): a whole date applies at once, a
 * cleared box clears its end, a text that is not a date is marked and changes nothing.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateText } from '@/components/ui/date-field';

/** Props of DateRangeFilter. */
export interface DateRangeFilterProps {
  label: string;
  /** "YYYY-MM-DD" or ''. */
  from: string;
  to: string;
  onChange: (end: 'from' | 'to', day: string) => void;
  testId?: string;
}

function DayBox({ value, label, onChange, testId }: { value: string; label: string; onChange: (day: string) => void; testId?: string }) {
  const date = useDateText(value, onChange);
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={date.text}
      placeholder={date.placeholder}
      aria-label={label}
      aria-invalid={date.invalid || undefined}
      title={date.invalid ? date.invalidMessage : label}
      onChange={(e) => date.onTextChange(e.target.value)}
      onBlur={date.onTextBlur}
      data-testid={testId}
      className="w-28 min-w-0 rounded-md border border-line bg-card px-2 py-2 text-sm aria-[invalid=true]:border-danger"
    />
  );
}

/** The date range filter: its label, then "from – to". */
export function DateRangeFilter({ label, from, to, onChange, testId }: DateRangeFilterProps) {
  const { t } = useTranslation('list');
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="flex min-w-0 max-w-full flex-wrap items-center gap-2 text-sm" data-testid={testId}>
      <span id={id} className="shrink-0 text-muted">
        {label}
      </span>
      {/* The two ends stay on one line; the label goes above them when the row is too narrow. */}
      <span className="flex items-center gap-2">
        <DayBox value={from} label={t('dateFrom', { label })} onChange={(day) => onChange('from', day)} testId={testId && `${testId}-from`} />
        <span aria-hidden="true" className="text-muted">
          –
        </span>
        <DayBox value={to} label={t('dateTo', { label })} onChange={(day) => onChange('to', day)} testId={testId && `${testId}-to`} />
      </span>
    </div>
  );
}
