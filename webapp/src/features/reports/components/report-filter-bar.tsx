/**
 * The filter bar of a report page: the date range with its presets (this month, last month, this
 * year, custom), the company (administrators), the store and the day/month grouping where the
 * page has them. Every value lives in the URL (report-filters.ts); a preset fills both dates,
 * typing a date makes the range custom.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANIES, narrowed, STORES } from '@/components/form/record-sources';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { FilterSelect } from '@/components/list/filter-select';
import { PRESETS, presetOf, presetRange, type Preset, type ReportFilters } from '../report-filters';
import type { ReportPageInfo } from '../report-pages';

/** Props of ReportFilterBar. */
export interface ReportFilterBarProps {
  info: ReportPageInfo;
  filters: ReportFilters;
  onChange: (changes: Partial<ReportFilters>) => void;
  isAdmin: boolean;
  /** The grouping the server used (its default until one is chosen). */
  group?: 'day' | 'month';
}

/** A select with its label before it, whose value is the test id (the period, the grouping). */
function LabelledSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 text-muted">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={id} className="rounded-md border border-line bg-card px-2 py-2 text-sm">
        {children}
      </select>
    </div>
  );
}

/** The bar. */
export function ReportFilterBar({ info, filters, onChange, isAdmin, group }: ReportFilterBarProps) {
  const { t } = useTranslation('reports');
  const shownRange = filters.from || filters.to ? filters : presetRange('this_month')!;
  // "Custom" changes no date by itself: it stays chosen (and the first date box takes the focus)
  // until a typed range says what it is.
  const [custom, setCustom] = useState(false);
  const preset = custom ? 'custom' : presetOf(filters);
  const choosePreset = (next: Preset) => {
    const range = presetRange(next);
    setCustom(range === null);
    if (range) onChange(range);
    else document.querySelector<HTMLInputElement>('[data-testid="report-dates-from"]')?.focus();
  };
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden" data-testid="report-filters">
      {info.dates && (
        <>
          <LabelledSelect id="report-preset" label={t('filters.period')} value={preset} onChange={(v) => choosePreset(v as Preset)}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`presets.${p}`)}
              </option>
            ))}
          </LabelledSelect>
          <DateRangeFilter
            label={t('filters.dates')}
            from={shownRange.from}
            to={shownRange.to}
            onChange={(end, day) => {
              setCustom(false);
              onChange({ ...shownRange, [end]: day });
            }}
            testId="report-dates"
          />
        </>
      )}
      {isAdmin && (
        <FilterSelect
          label={t('filters.company')}
          value={filters.company_id}
          source={COMPANIES}
          onChange={(v) => onChange({ company_id: v, store_id: '' })}
          testId="report-company"
        />
      )}
      {info.store && (
        <FilterSelect
          label={t('filters.store')}
          value={filters.store_id}
          // The chosen company's stores, when one is.
          source={narrowed(STORES, { company_id: filters.company_id })}
          onChange={(v) => onChange({ store_id: v })}
          testId="report-store"
        />
      )}
      {info.group && (
        <LabelledSelect id="report-group" label={t('filters.group')} value={filters.group || group || 'month'} onChange={(v) => onChange({ group: v })}>
          <option value="month">{t('group.month')}</option>
          <option value="day">{t('group.day')}</option>
        </LabelledSelect>
      )}
    </div>
  );
}
