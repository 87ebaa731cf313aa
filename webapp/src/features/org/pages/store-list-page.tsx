/** /setting/store (admins): stores with their company. */
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/list/data-table';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { COMPANIES } from '@/components/form/record-sources';
import { STORES_PATH, type Store } from '../api/org';
import { StoreForm } from '../components/store-form';
import { ActiveBadge, activeFilter } from '../components/active';

/** The store list page. */
export function StoreListPage() {
  const { t } = useTranslation('org');
  const columns: Column<Store>[] = [
    { id: 'name', header: t('fields.name'), sortKey: 'name', hideable: false, cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'company', header: t('store.company'), cell: (r) => r.company_name },
    { id: 'active', header: t('fields.active'), nowrap: true, cell: (r) => <ActiveBadge active={r.active} /> },
  ];
  return (
    <ResourceListPage<Store>
      testId="store-list"
      title={t('store.title')}
      entity={t('store.entity')}
      basePath={STORES_PATH}
      listConfig={{ filterKeys: ['active', 'company_id'], defaultSort: 'name' }}
      columns={columns}
      filters={[
        activeFilter(t),
        { key: 'company_id', label: t('store.company'), source: COMPANIES },
      ]}
      exportable
      canWrite
      renderForm={({ record, onClose }) => <StoreForm record={record} onClose={onClose} />}
    />
  );
}
