/** /setting/company (admins): companies with their tax flags, store and user counts. */
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/list/data-table';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { COMPANIES_PATH, type Company } from '../api/org';
import { CompanyForm } from '../components/company-form';
import { ActiveBadge, activeFilter } from '../components/active';

/** The company list page. */
export function CompanyListPage() {
  const { t } = useTranslation('org');
  const yesNo = (v: boolean) => (v ? t('list:yes') : t('list:no'));
  const columns: Column<Company>[] = [
    { id: 'name', header: t('fields.name'), sortKey: 'name', hideable: false, cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'stores', header: t('company.stores'), align: 'end', cell: (r) => r.stores },
    { id: 'users', header: t('company.users'), align: 'end', cell: (r) => r.users },
    { id: 'active', header: t('fields.active'), cell: (r) => <ActiveBadge active={r.active} /> },
    { id: 'has_taxes', header: t('company.hasTaxes'), cell: (r) => yesNo(r.has_taxes) },
    { id: 'withholding_agent', header: t('company.withholdingAgentShort'), cell: (r) => yesNo(r.withholding_agent) },
    { id: 'reteiva_agent', header: t('company.reteivaAgentShort'), cell: (r) => yesNo(r.reteiva_agent) },
    { id: 'autorretenedor', header: t('company.autorretenedorShort'), cell: (r) => yesNo(r.autorretenedor) },
  ];
  return (
    <ResourceListPage<Company>
      testId="company-list"
      title={t('company.title')}
      entity={t('company.entity')}
      basePath={COMPANIES_PATH}
      listConfig={{ filterKeys: ['active'], defaultSort: 'name' }}
      columns={columns}
      filters={[activeFilter(t)]}
      exportable
      canWrite
      renderForm={({ record, onClose }) => <CompanyForm record={record} onClose={onClose} />}
    />
  );
}
