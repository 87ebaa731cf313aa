/** /purchase/list: purchases with status, totals, balance, approval and export. */
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { STORES, SUPPLIERS } from '@/components/form/record-sources';
import { PURCHASE_STATUSES, PURCHASES_PATH, type Purchase } from '../api/purchases';
import { purchaseColumns, PURCHASE_LIST } from '../components/purchase-columns';

/** A supplier as the filter names it: a legal entity by its company name (people's display_name). */
/** The purchase list page. */
export function PurchaseListPage() {
  const { t } = useTranslation('purchasing');
  const dates = useDates();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <ResourceListPage<Purchase>
      testId="purchase-list"
      title={t('title')}
      entity={t('entity')}
      basePath={PURCHASES_PATH}
      listConfig={PURCHASE_LIST}
      columns={purchaseColumns(t, dates)}
      filters={[
        { key: 'status', label: t('fields.status'), options: PURCHASE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
        { key: 'supplier_id', label: t('fields.supplier'), source: SUPPLIERS },
        { key: 'store_id', label: t('fields.store'), source: STORES },
      ]}
      approval={{ status: (r) => r.approval_status, reason: (r) => r.approval_reason, canDecide: isAdmin }}
      searchPlaceholder={t('search')}
      exportable
      canWrite
      canDelete={() => false}
      addTo="/purchase/add"
      // A rejected purchase is corrected and sent again from its form (modules/purchasing).
      editTo={(r) => (r.approval_status !== 'approved' ? `/purchase/edit/${r.id}` : undefined)}
      rowActions={(r) =>
        r.approval_status === 'approved'
          ? [
              { id: 'payments', label: t('payments'), to: `/payments/purchase/${r.id}`, testId: 'row-payments' },
              { id: 'returns', label: t('returns'), to: `/preturn/list/${r.id}`, testId: 'row-returns' },
            ]
          : []
      }
    />
  );
}
