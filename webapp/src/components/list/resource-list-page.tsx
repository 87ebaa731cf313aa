/**
 * A module's list page assembled from the kit: title, search, filters, Excel export, the table
 * with sortable headers, approval badge and actions, edit and delete (with confirmation), and
 * pagination; all state in the URL. Features give it columns and their form. With
 * `approval.bulk`, deciders tick pending rows and approve or reject them at once. As a `section`
 * it is one part of a page (an h2 under the page's own h1: a document's payments).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { ApprovalBadge, useApprovalOptions, useDecision, type ApprovalStatus } from './approval';
import { BulkDecisionBar } from './bulk-decision';
import { ColumnChooser } from './column-chooser';
import { useHiddenColumns } from './column-visibility';
import { ConfirmDialog } from './confirm-dialog';
import { DateRangeFilter } from './date-range-filter';
import { DataTable, type Column, type RowAction } from './data-table';
import { ExportButton } from './export-button';
import { FilterSelect } from './filter-select';
import type { RecordSource } from '@/components/form/record-picker';
import { withFilter, withoutFilters, withPerPage, withSearch, withSortToggled, type ListConfig } from './list-params';
import { withPageTarget } from './pagination-model';
import { Pagination } from './pagination';
import { useDecideResource, useDeleteResource, useResourceList, type ListPath } from './resource-api';
import type { RowKey, RowSelection } from './row-selection';
import { SearchBox } from './search-box';
import { useListParams } from './use-list-params';

/** A filter of the toolbar: a fixed set of `options`, or another module's records (`source`, searched as typed). */
export interface ListFilter {
  key: string;
  label: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  source?: RecordSource;
  /**
   * Filters that depend on this one and are reset to "all" when it changes (a supplier filter
   * means nothing once the type is sale): the reset shows in their selects.
   */
  clears?: readonly string[];
}

/** A filter over a range of days, kept in the URL as two query names (e.g. from and to). */
export interface ListDateRange {
  label: string;
  from: string;
  to: string;
}

/** Approval columns and actions of a list whose records are approved. */
export interface ListApproval<T> {
  status: (row: T) => ApprovalStatus;
  reason?: (row: T) => string | undefined;
  /** Whether the signed-in user may approve and reject (admins). */
  canDecide: boolean;
  /** Deciders tick pending rows and decide them at once; the box of a row is named by `rowLabel`. */
  bulk?: { rowLabel: (row: T) => string };
}

/** What a page's own row actions can reuse from the kit. */
export interface RowKit<T> {
  /** Approve and Reject of this row (the reject dialog included), through the list's decide endpoint. */
  decision: (row: T) => RowAction[];
}

/** What the form slot receives: the record being edited, or null for a new one. */
export interface FormSlot<T> {
  record: T | null;
  onClose: () => void;
}

/** Props of ResourceListPage. */
export interface ResourceListPageProps<T extends { id: number }> {
  title: string;
  /** The entity's name in the user's language ('Cliente'), for titles and toasts. */
  entity: string;
  /** The API path, e.g. /api/customers. */
  basePath: ListPath;
  listConfig: ListConfig;
  columns: ReadonlyArray<Column<T>>;
  filters?: readonly ListFilter[];
  /** A date range filter after the selects (a document's date). */
  dateRange?: ListDateRange;
  /** Adds the approval filter, status column and actions. */
  approval?: ListApproval<T>;
  searchPlaceholder?: string;
  exportable?: boolean;
  /** Shows Add, Edit and Delete. */
  canWrite: boolean;
  /** The create/edit form (rendered only while open). */
  renderForm?: (slot: FormSlot<T>) => ReactNode;
  /** Add opens this page instead of a form dialog. */
  addTo?: string;
  /**
   * Edit opens this page (undefined: no Edit on that row) instead of a form dialog. It is not tied
   * to canWrite: who edits a record is not always who adds one (purchase orders are added by
   * buyers and edited by users and secretaries), so the page decides per row and role.
   */
  editTo?: (row: T) => string | undefined;
  /** Whether a row shows Delete (default: canWrite). The server has the last word. */
  canDelete?: (row: T) => boolean;
  /** Extra actions of a row (receive, approve…), before Edit and Delete. */
  rowActions?: (row: T, kit: RowKit<T>) => RowAction[];
  /** Filters always sent, not shown (e.g. approval=pending on a page of pending records). */
  baseFilters?: Readonly<Record<string, string>>;
  /** Other resources' paths a delete or a decision here changes, refreshed with the list (a return's purchase). */
  refreshes?: readonly string[];
  /** Also the list's id for the columns the user hid (column-visibility). */
  testId: string;
  /** A part of a page: the title is an h2 (the page has its own h1 and document title). */
  section?: boolean;
}

/** The list page. */
export function ResourceListPage<T extends { id: number }>(props: ResourceListPageProps<T>) {
  const { title, entity, basePath, listConfig, filters = [], dateRange, approval, canWrite, renderForm, addTo, editTo, rowActions, baseFilters, testId } = props;
  const canDelete = props.canDelete ?? (() => canWrite);
  const { t } = useTranslation('list');
  const approvalOptions = useApprovalOptions();
  const filterKeys = [...listConfig.filterKeys, ...(approval ? ['approval'] : []), ...(dateRange ? [dateRange.from, dateRange.to] : [])];
  const config: ListConfig = { ...listConfig, filterKeys };
  const [params, setParams] = useListParams(config);
  // What the list and its export ask the server: the URL's filters and the page's fixed ones.
  const asked = baseFilters ? { ...params, filters: { ...params.filters, ...baseFilters } } : params;
  const list = useResourceList<T>(basePath, asked);
  const remove = useDeleteResource(basePath, props.refreshes);
  const decide = useDecideResource(basePath, props.refreshes);
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<RowKey>>(new Set());
  const hidden = useHiddenColumns(testId);
  const decision = useDecision<T>(entity, (row, approve, reason) => decide.mutateAsync({ id: row.id, approve, reason }));
  const kit: RowKit<T> = {
    decision: (row) => [
      { id: 'approve', label: t('approve'), tone: 'success', onSelect: () => decision.approve(row), disabled: decide.isPending, testId: 'row-approve' },
      { id: 'reject', label: t('reject'), tone: 'danger', onSelect: () => decision.reject(row), disabled: decide.isPending, testId: 'row-reject' },
    ],
  };

  // No approval filter on a page whose base filters fix the approval (pending purchases).
  const approvalFilter = approval && !baseFilters?.approval;
  const allFilters: ListFilter[] = approvalFilter ? [...filters, { key: 'approval', label: t('approval.label'), options: approvalOptions }] : [...filters];

  const columns: Column<T>[] = [...props.columns];
  if (approval) {
    columns.push({
      id: 'approval',
      header: t('approval.label'),
      cell: (row) => <ApprovalBadge status={approval.status(row)} reason={approval.reason?.(row)} />,
      nowrap: true,
    });
  }
  const showActions = canWrite || approval?.canDecide || rowActions !== undefined || props.canDelete !== undefined || editTo !== undefined;
  const actions = (row: T): RowAction[] => {
    const out: RowAction[] = [];
    if (approval?.canDecide && approval.status(row) === 'pending') out.push(...kit.decision(row));
    if (rowActions) out.push(...rowActions(row, kit));
    if (canWrite && renderForm) out.push({ id: 'edit', label: t('edit'), onSelect: () => setEditing({ record: row }), testId: 'row-edit' });
    const to = editTo?.(row);
    if (to !== undefined) out.push({ id: 'edit', label: t('edit'), to, testId: 'row-edit' });
    if (canDelete(row)) out.push({ id: 'delete', label: t('delete'), tone: 'danger', onSelect: () => setDeleting(row), testId: 'row-delete' });
    return out;
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('deleted', { entity }));
      setDeleting(null);
    } catch (error) {
      toast.error(t('deleteFailed', { entity }), failureText(error));
      setDeleting(null);
    }
  };

  const page = list.data;
  // Only pending rows on screen stay ticked (the page changed, or a row was decided elsewhere).
  const bulk = approval?.canDecide ? approval.bulk : undefined;
  const tickable = (row: T) => approval?.status(row) === 'pending';
  const tickedRows = bulk ? (page?.data ?? []).filter((row) => tickable(row) && ticked.has(row.id)) : [];
  const selection: RowSelection<T> | undefined = bulk && {
    selected: new Set(tickedRows.map((row) => row.id)),
    selectable: tickable,
    onChange: setTicked,
    label: bulk.rowLabel,
  };
  const filtered = Boolean(params.q) || Object.values(params.filters).some(Boolean);
  // The toolbar's Add, and the same again in an empty list (list-empty-add) as its next step.
  const addButton = (testId: string) =>
    canWrite && renderForm ? (
      <Button onClick={() => setEditing({ record: null })} data-testid={testId}>
        {t('add', { entity })}
      </Button>
    ) : canWrite && addTo ? (
      <Link
        to={addTo}
        data-testid={testId}
        className="inline-flex items-center justify-center rounded-md bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
      >
        {t('add', { entity })}
      </Link>
    ) : null;
  const canAdd = canWrite && (renderForm !== undefined || addTo !== undefined);
  const emptyAction = filtered ? (
    <Button variant="secondary" onClick={() => setParams(withoutFilters(params))} data-testid="list-clear-filters">
      {t('clearFilters')}
    </Button>
  ) : (
    canAdd && addButton('list-empty-add')
  );
  return (
    <div className="space-y-4" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {props.section ? <h2 className="text-lg font-semibold text-fg">{title}</h2> : <PageTitle>{title}</PageTitle>}
        <div className="flex flex-wrap gap-2">
          {props.exportable && <ExportButton basePath={basePath} params={asked} />}
          {addButton('list-add')}
        </div>
      </div>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <SearchBox value={params.q} placeholder={props.searchPlaceholder} onSearch={(q) => setParams(withSearch(params, q))} />
          {allFilters.map((f) => (
            <FilterSelect
              key={f.key}
              label={f.label}
              value={params.filters[f.key] ?? ''}
              options={f.options}
              source={f.source}
              onChange={(value) => setParams(withFilter(params, f.key, value, f.clears))}
              testId={`filter-${f.key}`}
            />
          ))}
          {dateRange && (
            <DateRangeFilter
              label={dateRange.label}
              from={params.filters[dateRange.from] ?? ''}
              to={params.filters[dateRange.to] ?? ''}
              onChange={(end, day) => setParams(withFilter(params, dateRange[end], day))}
              testId={`filter-${dateRange.from}-${dateRange.to}`}
            />
          )}
          <div className="ms-auto">
            <ColumnChooser list={testId} columns={columns} />
          </div>
        </div>
        {bulk && (
          <BulkDecisionBar<T>
            entity={entity}
            rows={tickedRows}
            decide={(row, approve, reason) => decide.mutateAsync({ id: row.id, approve, reason })}
            onDecided={(rows) => setTicked((now) => new Set([...now].filter((key) => !rows.some((row) => row.id === key))))}
          />
        )}
        <DataTable<T>
          caption={title}
          columns={columns}
          rows={list.isError ? undefined : page?.data}
          rowKey={(row) => row.id}
          sort={params.sort}
          onSort={(key) => setParams(withSortToggled(params, key))}
          isLoading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={filtered ? t('emptyFiltered') : canAdd ? t('emptyAdd', { entity }) : t('empty')}
          emptyAction={emptyAction}
          hidden={hidden}
          actions={showActions ? actions : undefined}
          skeletonRows={params.perPage}
          selection={selection || undefined}
        />
        {page && (
          <Pagination
            meta={page.meta}
            rowCount={page.data.length}
            onNavigate={(target) => setParams(withPageTarget(params, target))}
            onPerPage={(perPage) => setParams(withPerPage(params, perPage))}
          />
        )}
      </Card>
      {editing && renderForm?.({ record: editing.record, onClose: () => setEditing(null) })}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { entity })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('deleteQuestion', { entity })}
      </ConfirmDialog>
      {decision.dialog(decide.isPending)}
    </div>
  );
}
