/**
 * The reports API (modules/reports, /work/briefs/reports-contract.md): `GET /api/reports/{page}`
 * answers one generic shape for every page — columns with their kind, rows, totals over the whole
 * range, a chart hint and row paging — so one page component renders them all;
 * `GET /api/reports/{page}/export.xlsx` streams the same rows with the same query.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';

/** One report page (schema `Report`): columns, rows, totals over the whole range, chart, paging, party. */
export type Report = Schema<'Report'>;
/** One column the server sends; its label is `reports:columns.<key>`. */
export type ReportColumn = Schema<'ReportColumn'>;
/**
 * How a column's cells are written (money in integer centavos, percent in basis points; `enum`
 * is a code the web words as `reports:values.<code>`).
 */
export type ColumnKind = ReportColumn['kind'];
/** The chart the page draws: `x` is a column key (absent: the first column), `series` the keys drawn against it. */
export type ReportChart = Schema<'ReportChart'>;
/** The party of a statement, its balance and ageing. */
export type ReportParty = Schema<'ReportParty'>;
/** One row: values by column key, and `link` where it leads. */
export type ReportRow = Report['rows'] extends (infer R)[] | null ? R : never;

/** Where a row leads (`link`: customer, supplier, user, product, purchase, sale, payment). */
export interface RowLink {
  kind: string;
  id: number;
}

/** A row's link, when it has one. */
export function rowLink(row: ReportRow): RowLink | null {
  const link = row.link as Partial<RowLink> | null | undefined;
  return link && typeof link.kind === 'string' && typeof link.id === 'number' ? { kind: link.kind, id: link.id } : null;
}

/** The query of a report (the URL's filters with the server's names; empty ones left out). */
export type ReportQuery = Record<string, string>;

/** The API path of a report page: `/api/reports/sales_report`, `/api/reports/customers_report/42`. */
export function reportPath(page: string): string {
  return `/api/reports/${page}`;
}

/** The query key prefix of every report (the live channel invalidates it with the documents). */
export const REPORTS_KEY = '/api/reports';

/** openapi-fetch cannot check a path built at run time; the contract's shape is checked here. */
interface ReportCalls {
  GET(path: string, init: { params: { query: ReportQuery }; signal?: AbortSignal }): Promise<{ data?: { data: Report } }>;
}
const reports = api as unknown as ReportCalls;

/** One page of a report; the previous answer stays on screen while a new range loads. */
export function useReport(page: string, query: ReportQuery, enabled = true) {
  const search = new URLSearchParams(query).toString();
  return useQuery({
    queryKey: [REPORTS_KEY, page, search],
    queryFn: ({ signal }) => data(reports.GET(reportPath(page), { params: { query }, signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The Excel export of a report with the same query (every row, no paging) in the interface language. */
export function reportExportUrl(page: string, query: ReportQuery, language: string): string {
  const out = new URLSearchParams(query);
  out.delete('page');
  out.delete('per_page');
  out.set('lang', language.startsWith('es') ? 'es' : 'en');
  return `${reportPath(page)}/export.xlsx?${out.toString()}`;
}
