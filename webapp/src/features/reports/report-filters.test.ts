import { describe, expect, it } from 'vitest';
import {
  missingDate,
  presetOf,
  presetRange,
  rangeDays,
  readReportFilters,
  reportQuery,
  toggledSort,
  withReportFilter,
  withShortRangeGroup,
  writeReportFilters,
} from './report-filters';

describe('report filters', () => {
  it('presets are whole calendar months and years on the given day', () => {
    expect(presetRange('this_month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('this_month', '2028-02-14')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('last_month', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last_month', '2026-11-30')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('this_year', '2026-11-30')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('custom', '2026-11-30')).toBeNull();
  });

  it('names the preset of a range; no dates is this month, anything else custom', () => {
    expect(presetOf({ from: '', to: '' }, '2026-11-26')).toBe('this_month');
    expect(presetOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-26')).toBe('last_month');
    expect(presetOf({ from: '2026-01-01', to: '2026-12-31' }, '2026-11-26')).toBe('this_year');
    expect(presetOf({ from: '2026-10-02', to: '2026-10-31' }, '2026-11-26')).toBe('custom');
  });

  it('one end alone is "Please select dates" (spec §5)', () => {
    expect(missingDate({ from: '2026-11-01', to: '' })).toBe('to');
    expect(missingDate({ from: '', to: '2026-11-01' })).toBe('from');
    expect(missingDate({ from: '', to: '' })).toBeNull();
    expect(missingDate({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
  });

  it('round-trips the URL, leaving empty values out, and asks this month when no dates are set', () => {
    const filters = readReportFilters(new URLSearchParams('from=2026-11-01&to=2026-11-30&store_id=3&page=2&x=1'));
    expect(filters.store_id).toBe('3');
    expect(writeReportFilters(filters).toString()).toBe('from=2026-11-01&to=2026-11-30&store_id=3&page=2');
    expect(reportQuery(readReportFilters(new URLSearchParams('company_id=2')), '2026-11-26')).toEqual({
      company_id: '2',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('a change of filters goes back to the first page; a page change keeps the filters', () => {
    const filters = readReportFilters(new URLSearchParams('from=2026-11-01&to=2026-11-30&page=3'));
    expect(withReportFilter(filters, { store_id: '2' }).page).toBe('');
    expect(withReportFilter(filters, { page: '4' })).toMatchObject({ page: '4', from: '2026-11-01' });
    expect(toggledSort('', 'date')).toBe('date');
    expect(toggledSort('date', 'date')).toBe('-date');
    expect(toggledSort('-date', 'date')).toBe('date');
  });

  it('groups a range of a month or less by day unless the URL chose a grouping', () => {
    expect(rangeDays({ from: '2026-10-01', to: '2026-10-31' })).toBe(31);
    expect(rangeDays({ from: '2026-02-01', to: '2026-02-01' })).toBe(1);
    expect(rangeDays({ from: '', to: '2026-02-01' })).toBe(0);
    expect(withShortRangeGroup({ from: '2026-10-01', to: '2026-10-31' })).toEqual({ from: '2026-10-01', to: '2026-10-31', group: 'day' });
    expect(withShortRangeGroup({ from: '2026-10-01', to: '2026-11-01' })).toEqual({ from: '2026-10-01', to: '2026-11-01' });
    expect(withShortRangeGroup({ from: '2026-10-01', to: '2026-10-31', group: 'month' }).group).toBe('month');
  });
});
