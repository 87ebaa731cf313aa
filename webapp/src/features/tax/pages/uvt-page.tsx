/**
 * /setting/uvt (admins): the UVT of each year, which prices the withholding minimum bases of the
 * documents dated in it. Administrators add next year's value when the DIAN publishes it and
 * correct a year's value; every change is audited by the server (audit kind 'settings').
 *
 * Not a ResourceListPage: the table is a handful of rows keyed by year (no ids, pages, search or
 * delete), so the page composes the kit's parts (DataTable, FormDialog through UvtForm) itself.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/list/data-table';
import { DataTable } from '@/components/list/data-table';
import { MoneyCell } from '@/components/list/money-cell';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { useDates } from '@/lib/dates/use-dates';
import { currentYear, lacksCurrentYear, useUvts, type Uvt } from '../api/uvt';
import { UvtForm } from '../components/uvt-form';

/** The UVT settings page. */
export function UvtPage() {
  const { t } = useTranslation('org');
  const dates = useDates();
  const uvts = useUvts();
  // undefined: closed; null: adding; a row: correcting it.
  const [editing, setEditing] = useState<Uvt | null | undefined>(undefined);
  const rows = uvts.data;
  const year = currentYear();
  // Next to add: the year after the newest (January's missing year when the table stops before it).
  const suggestedYear = rows && rows.length > 0 ? Math.max(year, rows[0]!.year + 1) : year;

  const columns: Column<Uvt>[] = [
    { id: 'year', header: t('uvt.year'), hideable: false, nowrap: true, cell: (r) => <span className="font-medium tabular-nums">{r.year}</span> },
    { id: 'value', header: t('uvt.value'), align: 'end', nowrap: true, cell: (r) => <MoneyCell cents={r.uvt_cents} /> },
    {
      id: 'changed',
      header: t('uvt.changed'),
      nowrap: true,
      // The seeded values (migration) have no author nor a change worth a date.
      cell: (r) => (r.updated_by === null ? t('uvt.initial') : dates.dateTime(r.updated_at)),
    },
    { id: 'by', header: t('uvt.by'), cell: (r) => r.updated_by_name },
  ];
  const addButton = (testId: string) => (
    <Button onClick={() => setEditing(null)} data-testid={testId}>
      {t('uvt.add')}
    </Button>
  );

  return (
    <div className="space-y-4" data-testid="uvt-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t('uvt.title')}</PageTitle>
        {addButton('list-add')}
      </div>
      <p className="text-sm text-muted">{t('uvt.intro')}</p>
      {rows && lacksCurrentYear(rows) && (
        <Alert testId="uvt-missing">{t('uvt.missing', { year })}</Alert>
      )}
      <Card className="p-4">
        <DataTable<Uvt>
          caption={t('uvt.title')}
          testId="uvt-list"
          columns={columns}
          rows={uvts.isError ? undefined : rows}
          rowKey={(r) => r.year}
          // Newest first, as the server sends them; nothing to sort by hand.
          sort="-year"
          onSort={() => undefined}
          isLoading={uvts.isFetching && !rows}
          error={uvts.error}
          onRetry={() => void uvts.refetch()}
          emptyText={t('uvt.empty')}
          emptyAction={addButton('list-empty-add')}
          actions={(r) => [{ id: 'edit', label: t('uvt.correct'), onSelect: () => setEditing(r), testId: 'row-edit' }]}
          skeletonRows={3}
        />
      </Card>
      {editing !== undefined && <UvtForm record={editing} suggestedYear={suggestedYear} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
