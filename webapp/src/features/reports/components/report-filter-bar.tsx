/**
 * The filter bar of a report page: the date range with its presets (this month, last month, this
 * year, custom), the company (administrators), the store and the day/month grouping where the
 * page has them. Every value lives in the URL (report-filters.ts); a preset fills both dates,
 * typing a date makes the range custom.
 */
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { FilterSelect } from '@/components/list/filter-select';
import { useCompanyChoices, useStoreChoices } from '../api/reports';
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

/** The bar. */
export function ReportFilterBar({ info, filters, onChange, isAdmin, group }: ReportFilterBarProps) {
  const { t } = useTranslation('reports');
  const companies = useCompanyChoices(isAdmin);
  const stores = useStoreChoices(info.store, filters.company_id);
  const preset = presetOf(filters);
  const choosePreset = (next: Preset) => {
    const range = presetRange(next);
    // Custom keeps the dates on screen (this month's when none were typed) for editing.
    onChange(range ?? presetRange('this_month')!);
  };
  const shownRange = filters.from || filters.to ? filters : presetRange('this_month')!;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden" data-testid="report-filters">
      {info.dates && (
        <>
          <div className="flex min-w-0 items-center gap-2 text-sm">
            <label htmlFor="report-preset" className="shrink-0 text-muted">
              {t('filters.period')}
            </label>
            <select
              id="report-preset"
              value={preset}
              onChange={(e) => choosePreset(e.target.value as Preset)}
              data-testid="report-preset"
              className="rounded-md border border-line bg-card px-2 py-2 text-sm"
            >
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`presets.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <DateRangeFilter
            label={t('filters.dates')}
            from={shownRange.from}
            to={shownRange.to}
            onChange={(end, day) => onChange({ ...shownRange, [end]: day })}
            testId="report-dates"
          />
        </>
      )}
      {isAdmin && (
        <FilterSelect
          label={t('filters.company')}
          value={filters.company_id}
          options={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(v) => onChange({ company_id: v, store_id: '' })}
          testId="report-company"
        />
      )}
      {info.store && (
        <FilterSelect
          label={t('filters.store')}
          value={filters.store_id}
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(v) => onChange({ store_id: v })}
          testId="report-store"
        />
      )}
      {info.group && (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="report-group" className="shrink-0 text-muted">
            {t('filters.group')}
          </label>
          <select
            id="report-group"
            value={filters.group || group || 'month'}
            onChange={(e) => onChange({ group: e.target.value })}
            data-testid="report-group"
            className="rounded-md border border-line bg-card px-2 py-2 text-sm"
          >
            <option value="month">{t('group.month')}</option>
            <option value="day">{t('group.day')}</option>
          </select>
        </div>
      )}
    </div>
  );
}
