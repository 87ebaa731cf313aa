/** /people/supplier: suppliers with their tax profile, approval and export. */
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { SUPPLIERS_PATH, type Party } from '../api/parties';
import { partyColumns, PARTY_LIST } from '../components/party-columns';
import { PartyForm } from '../components/party-form';

/** The supplier list page. */
export function SupplierListPage() {
  const { t } = useTranslation('people');
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <ResourceListPage<Party>
      testId="supplier-list"
      title={t('supplier.title')}
      entity={t('supplier.entity')}
      basePath={SUPPLIERS_PATH}
      listConfig={PARTY_LIST}
      columns={partyColumns<Party>(t, false)}
      approval={{ status: (r) => r.approval_status, reason: (r) => r.approval_reason, canDecide: isAdmin }}
      searchPlaceholder={t('searchParty')}
      exportable
      canWrite
      renderForm={({ record, onClose }) => <PartyForm basePath={SUPPLIERS_PATH} kind="supplier" record={record} onClose={onClose} />}
    />
  );
}
