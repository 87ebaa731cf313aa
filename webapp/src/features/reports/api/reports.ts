/**
 * The reports API (modules/reports, /work/briefs/reports-contract.md): `GET /api/reports/{page}`
 * answers one generic shape for every page — columns with their kind, rows, totals over the whole
 * range, a chart hint and row paging — so one page component renders them all;
 * `GET /api/reports/{page}/export.xlsx` streams the same rows with the same query.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useResourceOptions } from '@/components/list/resource-api';
import { api, data } from '@/lib/api';

/**
 * The kinds of a column: how a cell is written (money in integer centavos, percent in basis
 * points; `enum` is a code the web words as `reports:values.<code>`).
 */
export type ColumnKind = 'text' | 'enum' | 'date' | 'month' | 'money' | 'int' | 'quantity' | 'percent' | 'days';

/** One column the server sends; its label is `reports:columns.<key>`. */
export interface ReportColumn {
  key: string;
  kind: ColumnKind;
}

/** Where a row leads. */
export interface RowLink {
  kind: 'customer' | 'supplier' | 'user' | 'product' | 'purchase' | 'sale' | string;
  id: number;
}

/** One row: values by column key, and where it leads. */
export type ReportRow = Record<string, unknown> & { link?: RowLink | null };

/** The chart the page draws: `x` is a column key (absent: the first column), `series` the keys drawn against it. */
export interface ReportChart {
  type: 'bar' | 'line' | 'stacked' | 'none';
  x?: string;
  series: string[] | null;
}

/** The party of a statement (customers_report/{id}, suppliers_report/{id}, users_report/{id}). */
export interface ReportParty {
  id: number;
  name: string;
  balance_cents: number;
  /** The balances of its documents today by how long they are past due. */
  ageing?: Record<string, number>;
}

/** One report page. */
export interface Report {
  page: string;
  from: string;
  to: string;
  /** The date grouping used, on pages that group by date. */
  group?: 'day' | 'month';
  columns: ReportColumn[];
  rows: ReportRow[] | null;
  totals: Record<string, unknown> | null;
  chart: ReportChart | null;
  meta: { page: number; per_page: number; total: number };
  party?: ReportParty | null;
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

/** Companies for the administrators' company filter. */
export function useCompanyChoices(enabled: boolean) {
  return useResourceOptions('/api/companies', 'name', enabled);
}

/** Stores for the store filter (of the chosen company, when one is). */
export function useStoreChoices(enabled: boolean, companyId: string) {
  return useResourceOptions('/api/stores', 'name', enabled, companyId ? { company_id: companyId } : {});
}
