/**
 * Every report page of spec §2 in one component, over the generic answer of the reports API:
 * the page picker, the filter bar (in the URL), the chart, the party of a statement (or, on
 * users_report/{id}, what the user recorded per kind and approved), the table
 * with its totals row and row links, row paging and sort, the Excel export of the same query and
 * a print layout (index.css hides the shell; the filters and buttons hide themselves). The app
 * hands it which pages are built and which paths this user may open (app/report-route.tsx).
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ExportButton } from '@/components/list/export-button';
import { Pagination } from '@/components/list/pagination';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingState } from '@/components/ui/spinner';
import type { Role } from '@/lib/auth/types';
import { failureText } from '@/lib/form-errors';
import { reportExportUrl, rowLink, useReport, type Report, type ReportRow } from '../api/reports';
import { useCellFormat } from '../components/cell-format';
import { ReportChart } from '../components/report-chart';
import { UserFigures } from '../components/user-figures';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportTable } from '../components/report-table';
import {
  missingDate,
  readReportFilters,
  reportQuery,
  toggledSort,
  withReportFilter,
  withShortRangeGroup,
  writeReportFilters,
  type ReportFilters,
} from '../report-filters';
import { reportPageInfo, reportPagesFor, rowLinkPath } from '../report-pages';

/** Props of ReportPage. */
export interface ReportPageProps {
  /** The spec's page name: `sales_report`, or a statement `customers_report/42`. */
  page: string;
  role: Role;
  /** The report pages the app routes (the server answers them). */
  built: readonly string[];
  /** Whether this user may open a path (the role guard). */
  canOpen: (path: string) => boolean;
}

/** Rows per page of a report unless the URL says otherwise. */
const PER_PAGE = 50;

/** The page. */
export function ReportPage({ page, role, built, canOpen }: ReportPageProps) {
  const { t, i18n } = useTranslation('reports');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const info = reportPageInfo(page)!;
  const statement = page.includes('/');
  const filters = readReportFilters(search);
  const missing = info.dates ? missingDate(filters) : null;
  const asked = reportQuery({ ...filters, group: info.group ? filters.group : '', per_page: filters.per_page || String(PER_PAGE) });
  // A month grouped by month is one point: a short range of a grouped page asks for days.
  const query = info.group && info.dates ? withShortRangeGroup(asked) : asked;
  if (!info.dates) {
    delete query.from;
    delete query.to;
  }
  const report = useReport(page, query, missing === null);
  const setFilters = (next: ReportFilters) => setSearch(writeReportFilters(next));
  const change = (changes: Partial<ReportFilters>) => setFilters(withReportFilter(filters, changes));
  const title = t(`pages.${info.name}`);
  const pages = reportPagesFor(role, built);
  const rowPath = (row: ReportRow) => {
    const link = rowLink(row);
    const to = link ? rowLinkPath(link) : null;
    if (!to || !canOpen(to)) return null;
    // A party's statement opens on the same range and store as the list it was chosen from.
    const range = writeReportFilters({ ...filters, page: '', per_page: '', sort: '', group: '' }).toString();
    return to.startsWith('/report/') && range ? `${to}?${range}` : to;
  };
  const current = report.data;

  return (
    <div className="space-y-4" data-testid="report-page" data-page={info.name}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle documentTitle={title}>{statement && current?.party ? t(current.party.kind === 'user' ? 'recordsOf' : 'statementOf', { name: current.party.name }) : title}</PageTitle>
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          {statement && (
            <Link
              to={`/report/${info.name}?${writeReportFilters({ ...filters, page: '', sort: '' }).toString()}`}
              className="px-2 py-2 text-sm text-primary hover:underline"
              data-testid="report-back"
            >
              {t('backTo', { page: title })}
            </Link>
          )}
          {!statement && pages.length > 1 && (
            <select
              aria-label={t('choose')}
              value={info.name}
              onChange={(e) => navigate(`/report/${e.target.value}`)}
              data-testid="report-picker"
              className="max-w-full rounded-md border border-line bg-card px-2 py-2 text-sm"
            >
              {pages.map((p) => (
                <option key={p.name} value={p.name}>
                  {t(`pages.${p.name}`)}
                </option>
              ))}
            </select>
          )}
          {missing === null && (
            <ExportButton href={reportExportUrl(page, query, i18n.language)} testId="report-export" />
          )}
          <Button variant="secondary" onClick={() => window.print()} data-testid="report-print">
            {t('print')}
          </Button>
        </div>
      </div>
      {/* A statement is one party's: the company filter means nothing there. */}
      <ReportFilterBar info={info} filters={filters} onChange={change} isAdmin={role === 'admin' && !statement} group={current?.group} />
      {current && info.dates && (
        <p className="hidden text-sm print:block" data-testid="report-print-range">
          {t('range', { from: current.from, to: current.to })}
        </p>
      )}
      {missing !== null ? (
        <Alert testId="report-missing-dates">{t('pleaseSelectDates')}</Alert>
      ) : report.isError && !current ? (
        <div className="space-y-3" data-testid="report-error">
          <Alert>{failureText(report.error) ?? t('loadFailed')}</Alert>
          <Button variant="secondary" onClick={() => void report.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : !current ? (
        <LoadingState />
      ) : (
        <ReportBody
          report={current}
          title={title}
          busy={report.isFetching}
          sort={statement ? undefined : filters.sort}
          onSort={statement ? undefined : (key) => change({ sort: toggledSort(filters.sort, key) })}
          onPage={(n) => change({ page: n > 1 ? String(n) : '' })}
          onPerPage={(n) => change({ per_page: n === PER_PAGE ? '' : String(n) })}
          rowPath={rowPath}
        />
      )}
    </div>
  );
}

interface ReportBodyProps {
  report: Report;
  title: string;
  busy: boolean;
  sort: string | undefined;
  onSort: ((key: string) => void) | undefined;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  rowPath: (row: ReportRow) => string | null;
}

/** The party, the chart and the table of an answer. */
function ReportBody({ report, title, busy, sort, onSort, onPage, onPerPage, rowPath }: ReportBodyProps) {
  const { t } = useTranslation('reports');
  const format = useCellFormat();
  const rows = report.rows ?? [];
  const columns = report.columns ?? [];
  const meta = { ...report.meta, total_pages: Math.max(1, Math.ceil(report.meta.total / Math.max(report.meta.per_page, 1))) };
  return (
    <div className="space-y-4" aria-busy={busy || undefined}>
      {report.party?.kind === 'user' && <UserFigures name={report.party.name} totals={report.totals ?? {}} />}
      {report.party && report.party.kind !== 'user' && (
        <Card className="space-y-3 p-4" data-testid="report-party">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <span className="text-lg font-medium">{report.party.name}</span>
            <span className="text-sm">
              <span className="text-muted">{t('columns.balance_cents')}: </span>
              <span className="font-semibold tabular-nums" data-testid="report-party-balance">
                {format.cell('money', report.party.balance_cents)}
              </span>
            </span>
          </div>
          {report.party.ageing && (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5" aria-label={t('ageing')} data-testid="report-party-ageing">
              {Object.entries(report.party.ageing).map(([key, cents]) => (
                <div key={key} className="min-w-0">
                  <dt className="text-muted">{t(`columns.${key}`)}</dt>
                  <dd className="tabular-nums">{format.cell('money', cents)}</dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
      )}
      {report.chart && report.chart.type !== 'none' && rows.length > 0 && (
        <Card className="p-4 print:break-inside-avoid">
          <ReportChart chart={report.chart} columns={columns} rows={rows} label={title} />
        </Card>
      )}
      <Card className="p-4">
        {rows.length === 0 ? (
          <p className="py-6 text-center text-muted" data-testid="report-empty">
            {t('empty')}
          </p>
        ) : (
          <>
            <ReportTable columns={columns} rows={rows} totals={report.totals} caption={title} sort={sort} onSort={onSort} rowPath={rowPath} />
            {meta.total > rows.length && (
              <div className="print:hidden">
                <Pagination meta={meta} rowCount={rows.length} onNavigate={(target) => onPage(target.page)} onPerPage={onPerPage} offset />
              </div>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
