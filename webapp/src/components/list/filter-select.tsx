/**
 * A list filter as a compact labelled control whose first option clears it: a select of a fixed
 * set of values (statuses, roles), or, for another module's records (suppliers, stores,
 * companies…), the searching RecordPicker — such a list has no fixed size.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordPicker, type RecordSource } from '@/components/form/record-picker';

/** Props of FilterSelect: `options` (a fixed set) or `source` (records, searched). */
export interface FilterSelectProps {
  label: string;
  value: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  source?: RecordSource;
  onChange: (value: string) => void;
  testId?: string;
}

/** The filter control. */
export function FilterSelect({ label, value, options = [], source, onChange, testId }: FilterSelectProps) {
  const { t } = useTranslation('list');
  const id = useId();
  return (
    // min-w-0 and max-w-full: a long option (a supplier's company name) shrinks the control
    // instead of pushing the page wider than a phone.
    <div className="flex min-w-0 max-w-full items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 text-muted">
        {label}
      </label>
      {source ? (
        <RecordPicker id={id} source={source} value={value} onChange={onChange} placeholder={t('all')} clearable testId={testId} className="w-56 max-w-full sm:w-64" />
      ) : (
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
      )}
    </div>
  );
}
