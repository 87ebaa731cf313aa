/**
 * The returns of one purchase, under its form, in the list kit (search, kind and approval
 * filters, sort, export of this purchase's returns). Administrators approve pending ones in
 * place or reject them with a reason; a pending or rejected return may be deleted (an approved
 * one is part of the books: stock and balance moved). A decision or a delete refreshes the
 * purchase's figures with the list.
 */
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { RETURN_KINDS, RETURN_REFRESHES, RETURNS_PATH, type PurchaseReturn } from '../api/returns';
import { returnColumns } from './return-columns';

const PURCHASE_LIST = { filterKeys: ['kind'], defaultSort: '-return_date' } as const;

/** The purchase's returns. */
export function PurchaseReturnList({ purchaseId }: { purchaseId: number }) {
  const { t } = useTranslation('returns');
  const dates = useDates();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <ResourceListPage<PurchaseReturn>
      section
      testId="purchase-return-list"
      title={t('listTitle')}
      entity={t('entity')}
      basePath={RETURNS_PATH}
      listConfig={PURCHASE_LIST}
      baseFilters={{ purchase_id: String(purchaseId) }}
      columns={returnColumns({ t, dates })}
      filters={[{ key: 'kind', label: t('fields.kind'), options: RETURN_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) }]}
      approval={{ status: (r) => r.approval_status, reason: (r) => r.rejection_reason, canDecide: isAdmin }}
      searchPlaceholder={t('search')}
      exportable
      canWrite={false}
      canDelete={(r) => r.approval_status !== 'approved'}
      refreshes={RETURN_REFRESHES}
    />
  );
}
