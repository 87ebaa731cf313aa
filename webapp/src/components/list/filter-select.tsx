/** A list filter as a compact labelled select whose first option clears it. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of FilterSelect. */
export interface FilterSelectProps {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  testId?: string;
}

/** The filter select. */
export function FilterSelect({ label, value, options, onChange, testId }: FilterSelectProps) {
  const { t } = useTranslation('list');
  const id = useId();
  return (
    // min-w-0 and max-w-full: a long option (a supplier's company name) shrinks the select
    // instead of pushing the page wider than a phone.
    <div className="flex min-w-0 max-w-full items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        className="min-w-0 max-w-full truncate rounded-md border border-line bg-card px-2 py-2 text-sm sm:max-w-64"
      >
        <option value="">{t('all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
