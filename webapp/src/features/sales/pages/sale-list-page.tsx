/**
 * /sale/list: sales with their totals, payment status and approval; search by number, customer
 * reference or customer; filters (approval, status, customer, store, seller, date range and,
 * for administrators, company) in the URL; Excel export of the current filter. Administrators
 * approve and reject pending sales from their rows; sellers edit and delete pending ones; the
 * number (or Details) opens a sale's lines and totals in a dialog.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage, type ListFilter } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { SALE_LIST, SALE_STATUSES, SALES_PATH, type Sale } from '../api/list-sales';
import { useSaleSellers } from '../api/list-sellers';
import { COMPANIES, CUSTOMERS, STORES } from '@/components/form/record-sources';
import { saleColumns } from '../components/sale-columns';
import { SaleDetailDialog } from '../components/sale-detail-dialog';

/** Roles that record sales (the others read them). */
const SELLER_ROLES = ['user', 'secretary'];

/** The sales list page. */
export function SaleListPage() {
  const { t } = useTranslation('sales');
  const dates = useDates();
  const me = useAuthStore((s) => s.user);
  const isAdmin = me?.role === 'admin';
  const canSell = SELLER_ROLES.includes(me?.role ?? '');
  const sellers = useSaleSellers();
  const [open, setOpen] = useState<Sale | null>(null);

  const sellerOptions = (sellers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const filters: ListFilter[] = [
    { key: 'status', label: t('fields.status'), options: SALE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
    { key: 'customer_id', label: t('fields.customer'), source: CUSTOMERS },
    { key: 'store_id', label: t('fields.store'), source: STORES },
    { key: 'seller', label: t('fields.seller'), options: sellerOptions },
    ...(isAdmin ? [{ key: 'company_id', label: t('fields.company'), source: COMPANIES }] : []),
  ];
  return (
    <>
      <ResourceListPage<Sale>
        testId="sale-list"
        title={t('title')}
        entity={t('entity')}
        basePath={SALES_PATH}
        listConfig={SALE_LIST}
        columns={saleColumns({ t, dates, open: setOpen })}
        filters={filters}
        dateRange={{ label: t('fields.saleDate'), from: 'from', to: 'to' }}
        approval={{ status: (r) => r.approval_status, reason: (r) => r.approval_reason, canDecide: isAdmin }}
        searchPlaceholder={t('search')}
        exportable
        canWrite={canSell}
        addTo="/sale/add"
        editTo={(r) => (r.approval_status === 'pending' ? `/sale/edit/${r.id}` : undefined)}
        canDelete={(r) => r.approval_status === 'pending'}
        rowActions={(r) => [
          { id: 'details', label: t('details'), onSelect: () => setOpen(r), testId: 'row-details' },
          ...(r.approval_status === 'approved' ? [{ id: 'payments', label: t('payments'), to: `/payments/sale/${r.id}`, testId: 'row-payments' }] : []),
        ]}
      />
      {open && <SaleDetailDialog sale={open} canDecide={isAdmin} canEdit={canSell} onClose={() => setOpen(null)} />}
    </>
  );
}
