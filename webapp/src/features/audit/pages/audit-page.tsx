/**
 * /audit (admins): who did what to which record and when. Built with the list kit: search, the
 * actor, kind, record and company filters, the Bogota date range, pages and the Excel export. A
 * row's record opens that record's own trail (entity + entity_id in the URL), shown as a chip
 * that clears it.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { COMPANIES, USERS } from '@/components/form/record-sources';
import type { Column } from '@/components/list/data-table';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useDates } from '@/lib/dates/use-dates';
import { AUDIT_ENTITIES, AUDIT_KINDS, AUDIT_PATH, type AuditEntry } from '../api/audit';

const AUDIT_LIST = { filterKeys: ['actor_id', 'kind', 'entity', 'entity_id', 'company_id'], defaultSort: '' };

/** The audit trail page. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const dates = useDates();
  const [search] = useSearchParams();
  const entityLabel = (entity: string) => t(`entities.${entity}`, { defaultValue: entity });
  const recordText = (r: Pick<AuditEntry, 'entity' | 'entity_id'>) => (r.entity_id ? `${entityLabel(r.entity)} #${r.entity_id}` : entityLabel(r.entity));
  // The record's own trail: the same page, that record only (other filters dropped).
  const recordLink = (r: AuditEntry) => `/audit?${new URLSearchParams({ entity: r.entity, entity_id: r.entity_id })}`;

  // Eight columns fit the card at 1366 px (sidebar open): the action, detail and IP give way
  // before the others (cut with an ellipsis, whole in a tooltip; Column.least).
  const columns: Column<AuditEntry>[] = [
    {
      id: 'when',
      header: t('columns.when'),
      hideable: false,
      nowrap: true,
      cell: (r) => <time dateTime={r.created_at}>{dates.dateTime(r.created_at)}</time>,
    },
    { id: 'who', header: t('columns.who'), cell: (r) => r.actor_name || <span className="text-muted">{t('nobody')}</span> },
    { id: 'kind', header: t('columns.kind'), nowrap: true, cell: (r) => t(`kinds.${r.kind}`) },
    { id: 'action', header: t('columns.action'), least: '8rem', cell: (r) => <code className="text-xs">{r.action}</code> },
    {
      id: 'record',
      header: t('columns.record'),
      cell: (r) =>
        r.entity_id ? (
          <Link to={recordLink(r)} className="text-primary underline-offset-2 hover:underline" title={t('showRecord', { record: recordText(r) })}>
            {recordText(r)}
          </Link>
        ) : (
          recordText(r)
        ),
    },
    { id: 'detail', header: t('columns.detail'), least: '6rem', cell: (r) => r.detail },
    { id: 'company', header: t('columns.company'), cell: (r) => r.company_name },
    // An IPv6 address (up to 39 characters) kept whole pushed the table out of its card: cut, whole in its tooltip.
    { id: 'ip', header: t('columns.ip'), least: '6rem', cell: (r) => r.ip },
  ];

  const entity = search.get('entity') ?? '';
  const entityID = search.get('entity_id') ?? '';
  const withoutRecord = new URLSearchParams(search);
  withoutRecord.delete('entity_id');
  withoutRecord.delete('after');
  withoutRecord.delete('before');
  withoutRecord.delete('page');

  return (
    <div className="space-y-3">
      {entity && entityID && (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="audit-record-filter">
          <span className="rounded-full bg-hover px-3 py-1 text-fg">{t('recordFilter', { record: recordText({ entity, entity_id: entityID }) })}</span>
          <Link to={`/audit?${withoutRecord}`} className="text-primary underline-offset-2 hover:underline" data-testid="audit-record-filter-clear">
            {t('recordFilterClear')}
          </Link>
        </p>
      )}
      <ResourceListPage<AuditEntry>
        testId="audit-list"
        title={t('title')}
        entity={t('entity')}
        basePath={AUDIT_PATH}
        listConfig={AUDIT_LIST}
        columns={columns}
        filters={[
          { key: 'actor_id', label: t('filters.actor'), source: USERS },
          { key: 'kind', label: t('filters.kind'), options: AUDIT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) },
          { key: 'entity', label: t('filters.entity'), options: AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })), clears: ['entity_id'] },
          { key: 'company_id', label: t('filters.company'), source: COMPANIES },
        ]}
        dateRange={{ label: t('filters.dates'), from: 'from', to: 'to' }}
        searchPlaceholder={t('search')}
        exportable
        canWrite={false}
      />
    </div>
  );
}
