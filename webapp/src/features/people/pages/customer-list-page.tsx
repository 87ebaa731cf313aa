/** /people/customer: customers with their tax profile, sales totals, approval and export. */
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/list/data-table';
import { MoneyCell } from '@/components/list/money-cell';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { CUSTOMERS_PATH, type Customer } from '../api/parties';
import { partyColumns, PARTY_LIST } from '../components/party-columns';
import { PartyForm } from '../components/party-form';

/** The customer list page. */
export function CustomerListPage() {
  const { t } = useTranslation('people');
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const columns: Column<Customer>[] = [
    ...partyColumns<Customer>(t, true),
    { id: 'total_sales', header: t('customer.totalSales'), align: 'end', cell: (r) => r.total_sales ?? 0 },
    { id: 'total_amount', header: t('customer.totalAmount'), align: 'end', cell: (r) => <MoneyCell cents={r.total_amount_cents ?? 0} /> },
    { id: 'paid', header: t('customer.paid'), align: 'end', cell: (r) => <MoneyCell cents={r.paid_cents ?? 0} /> },
    { id: 'balance', header: t('customer.balance'), align: 'end', cell: (r) => <MoneyCell cents={r.balance_cents ?? 0} /> },
  ];
  return (
    <ResourceListPage<Customer>
      testId="customer-list"
      title={t('customer.title')}
      entity={t('customer.entity')}
      basePath={CUSTOMERS_PATH}
      listConfig={PARTY_LIST}
      columns={columns}
      approval={{ status: (r) => r.approval_status, reason: (r) => r.approval_reason, canDecide: isAdmin }}
      searchPlaceholder={t('searchParty')}
      exportable
      canWrite
      renderForm={({ record, onClose }) => <PartyForm basePath={CUSTOMERS_PATH} kind="customer" record={record} onClose={onClose} />}
    />
  );
}
