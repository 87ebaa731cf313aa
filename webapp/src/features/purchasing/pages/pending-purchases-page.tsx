/** /pending-data/purchase: purchases awaiting an admin's approval, with Approve and Reject. */
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { PURCHASES_PATH, type Purchase } from '../api/purchases';
import { purchaseColumns } from '../components/purchase-columns';

const PENDING_LIST = { filterKeys: [], defaultSort: 'purchase_date' };
const ONLY_PENDING = { approval: 'pending' } as const;

/** The pending purchases page. */
export function PendingPurchasesPage() {
  const { t } = useTranslation('purchasing');
  const dates = useDates();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <ResourceListPage<Purchase>
      testId="pending-purchase-list"
      title={t('pendingTitle')}
      entity={t('entity')}
      basePath={PURCHASES_PATH}
      listConfig={PENDING_LIST}
      baseFilters={ONLY_PENDING}
      columns={purchaseColumns(t, dates)}
      approval={{ status: (r) => r.approval_status, reason: (r) => r.approval_reason, canDecide: isAdmin }}
      searchPlaceholder={t('search')}
      canWrite
      canDelete={() => false}
      editTo={(r) => `/purchase/edit/${r.id}`}
    />
  );
}
