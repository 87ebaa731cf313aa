/**
 * A report's filters as they live in the URL (from, to, company_id, store_id, group, page,
 * per_page, sort) and the date presets of the filter bar. Pure, so it is tested without a
 * browser. Both dates absent means "this month" (the server's default too); one end alone is
 * the spec §5 case 'Please select dates': nothing is asked until both are there.
 */
import { todayInBogota } from '@/lib/dates';

/** The presets of the date range. `custom` is any other range. */
export const PRESETS = ['this_month', 'last_month', 'this_year', 'custom'] as const;
/** One preset. */
export type Preset = (typeof PRESETS)[number];

/** A range of calendar days, both included ("YYYY-MM-DD"). */
export interface DayRange {
  from: string;
  to: string;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The last day of a month (month 1–12). */
function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The range a preset stands for on `today` (Bogota's calendar); custom has none. */
export function presetRange(preset: Preset, today: string = todayInBogota()): DayRange | null {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (preset === 'this_month') return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay(year, month))}` };
  if (preset === 'last_month') {
    const y = month === 1 ? year - 1 : year;
    const m = month === 1 ? 12 : month - 1;
    return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
  }
  if (preset === 'this_year') return { from: `${year}-01-01`, to: `${year}-12-31` };
  return null;
}

/** Which preset a range is (custom when it is none of them); both ends empty is this month. */
export function presetOf(range: DayRange, today: string = todayInBogota()): Preset {
  if (!range.from && !range.to) return 'this_month';
  for (const preset of PRESETS) {
    const r = presetRange(preset, today);
    if (r && r.from === range.from && r.to === range.to) return preset;
  }
  return 'custom';
}

/** The query names a report page keeps in the URL (and sends, when set). */
export const REPORT_PARAMS = ['from', 'to', 'company_id', 'store_id', 'group', 'page', 'per_page', 'sort'] as const;
/** One of them. */
export type ReportParam = (typeof REPORT_PARAMS)[number];
/** The filter state: every value a string ('' = not set). */
export type ReportFilters = Record<ReportParam, string>;

/** Reads the filters from the URL's search params. */
export function readReportFilters(search: URLSearchParams): ReportFilters {
  return Object.fromEntries(REPORT_PARAMS.map((k) => [k, search.get(k) ?? ''])) as ReportFilters;
}

/** Writes the filters back (empty values left out, so URLs stay short). */
export function writeReportFilters(filters: ReportFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of REPORT_PARAMS) if (filters[k]) out.set(k, filters[k]);
  return out;
}

/** Whether only one end of the range is given (spec §5: 'Please select dates'). */
export function missingDate(filters: Pick<ReportFilters, 'from' | 'to'>): 'from' | 'to' | null {
  if (filters.from && !filters.to) return 'to';
  if (!filters.from && filters.to) return 'from';
  return null;
}

/** Changes that alter which rows match go back to the first page of rows. */
export function withReportFilter(filters: ReportFilters, changes: Partial<ReportFilters>): ReportFilters {
  const paging = 'page' in changes;
  return { ...filters, ...changes, page: paging ? (changes.page ?? '') : '' };
}

/** The request's query: every set value; both dates absent asks for this month explicitly. */
export function reportQuery(filters: ReportFilters, today: string = todayInBogota()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of REPORT_PARAMS) if (filters[k]) out[k] = filters[k];
  if (!filters.from && !filters.to) Object.assign(out, presetRange('this_month', today));
  return out;
}

/** The longest range grouped by day unless the URL says otherwise: a month's range by month would be one point. */
export const DAILY_UP_TO_DAYS = 31;

/** Days in a range, both ends included (0 when a date is missing or malformed). */
export function rangeDays(range: DayRange): number {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.round((to - from) / 86_400_000) + 1;
}

/**
 * The query of a page grouped by day or month: without a group in the URL, a range of at most
 * DAILY_UP_TO_DAYS days asks for days (the server's default for such pages is months).
 */
export function withShortRangeGroup(query: Record<string, string>): Record<string, string> {
  if (query.group) return query;
  const days = rangeDays({ from: query.from ?? '', to: query.to ?? '' });
  return days > 0 && days <= DAILY_UP_TO_DAYS ? { ...query, group: 'day' } : query;
}

/** A click on a sortable header: ascending first, then toggles (the list kit's rule). */
export function toggledSort(sort: string, key: string): string {
  return sort === key ? `-${key}` : key;
}
