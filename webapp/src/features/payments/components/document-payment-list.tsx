/**
 * The payments of one document, under its form: every payment with its approval, in the list
 * kit (search, method and approval filters, sort, export of this document's payments). Pending
 * ones are approved or rejected in place by administrators (reject asks a reason) and may be
 * deleted; an approved payment is part of the books and a rejected one the record of a refusal.
 */
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { PAYMENT_DIRECTIONS, PAYMENT_METHODS, PAYMENTS_PATH, type Payment } from '../api/list-payments';
import type { PayableDocument } from './payable-document';
import { paymentColumns } from './payment-columns';

const DOCUMENT_LIST = { filterKeys: ['direction', 'method'], defaultSort: '-date' } as const;

/** The document's payments. */
export function DocumentPaymentList({ doc }: { doc: PayableDocument }) {
  const { t } = useTranslation('payments');
  const dates = useDates();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <ResourceListPage<Payment>
      section
      testId="document-payment-list"
      title={t('listTitle')}
      entity={t('entity')}
      basePath={PAYMENTS_PATH}
      listConfig={DOCUMENT_LIST}
      baseFilters={{ type: doc.type, document_id: String(doc.id) }}
      columns={paymentColumns({ t, dates })}
      filters={[
        // Refunds exist on purchases only: a sale's list has no direction to choose.
        ...(doc.type === 'purchase'
          ? [{ key: 'direction', label: t('fields.direction'), options: PAYMENT_DIRECTIONS.map((v) => ({ value: v, label: t(`directions.${v}`) })) }]
          : []),
        { key: 'method', label: t('fields.method'), options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) })) },
      ]}
      approval={{ status: (r) => r.approval_status, reason: (r) => r.approval_reason, canDecide: isAdmin }}
      searchPlaceholder={t('search')}
      exportable
      canWrite={false}
      canDelete={(r) => r.approval_status === 'pending'}
    />
  );
}
