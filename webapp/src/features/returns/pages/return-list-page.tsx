/**
 * /preturn/list: the returns across purchases (spec §2 names only a purchase's list; this one is
 * where the menu's "Returns" leads, beside the payments) — search, filters kind, supplier,
 * approval, return date range and, for administrators, company, all in the URL; sort; Excel
 * export of the current filter. Each row leads to its purchase's returns, where new ones are
 * added. Administrators approve or reject pending returns here, one or several at once.
 */
import { useTranslation } from 'react-i18next';
import { ResourceListPage, type ListFilter } from '@/components/list/resource-list-page';
import { COMPANIES, SUPPLIERS } from '@/components/form/record-sources';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { RETURN_DATE_RANGE, RETURN_KINDS, RETURN_LIST, RETURN_REFRESHES, RETURNS_PATH, type PurchaseReturn } from '../api/returns';
import { returnColumns } from '../components/return-columns';

/** The returns list page. */
export function ReturnListPage() {
  const { t } = useTranslation('returns');
  const dates = useDates();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const filters: ListFilter[] = [
    { key: 'kind', label: t('fields.kind'), options: RETURN_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) },
    { key: 'supplier_id', label: t('fields.supplier'), source: SUPPLIERS },
    ...(isAdmin ? [{ key: 'company_id', label: t('fields.company'), source: COMPANIES }] : []),
  ];
  return (
    <ResourceListPage<PurchaseReturn>
      testId="return-list"
      title={t('allTitle')}
      entity={t('entity')}
      basePath={RETURNS_PATH}
      listConfig={RETURN_LIST}
      columns={returnColumns({ t, dates, withPurchase: true })}
      filters={filters}
      dateRange={{ label: t('fields.date'), ...RETURN_DATE_RANGE }}
      approval={{
        status: (r) => r.approval_status,
        reason: (r) => r.rejection_reason,
        canDecide: isAdmin,
        bulk: { rowLabel: (r) => t('selectRow', { reference: r.reference_no }) },
      }}
      searchPlaceholder={t('search')}
      exportable
      canWrite={false}
      canDelete={(r) => r.approval_status !== 'approved'}
      refreshes={RETURN_REFRESHES}
    />
  );
}
