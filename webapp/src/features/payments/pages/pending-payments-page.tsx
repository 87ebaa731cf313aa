/**
 * /payment/pending: the payments awaiting approval across documents — filters type, supplier or
 * customer (once a type is chosen: they are numbered apart), method and payment date range, in
 * the URL. Administrators tick one or several and approve or reject them at once (one reason
 * for all), or decide them one by one from their rows; everyone else sees the payments they
 * recorded themselves (no approval column: all wait), and may delete them while they wait.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourceListPage, type ListFilter } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { isPaymentType, PAYMENT_DIRECTIONS, PAYMENT_LIST, PAYMENT_METHODS, PAYMENT_TYPES, PAYMENTS_PATH, type Payment } from '../api/list-payments';
import { COMPANIES } from '@/components/form/record-sources';
import { PARTY_SOURCES } from '../api/payment-choices';
import { paymentColumns } from '../components/payment-columns';

/** The pending payments page. */
export function PendingPaymentsPage() {
  const { t } = useTranslation('payments');
  const dates = useDates();
  const me = useAuthStore((s) => s.user);
  const isAdmin = me?.role === 'admin';
  const [search] = useSearchParams();
  const type = search.get('type') ?? '';
  // Administrators decide every pending payment; the others follow their own. A party means
  // nothing without its type (suppliers and customers are numbered apart): left out then.
  const base: Record<string, string> = { approval: 'pending', created_by: isAdmin || !me ? '' : String(me.id) };
  if (!isPaymentType(type)) base.party_id = '';

  const filters: ListFilter[] = [
    // Switching the type resets the party: a supplier's id would name nobody among the customers.
    { key: 'type', label: t('fields.type'), options: PAYMENT_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })), clears: ['party_id'] },
    ...(isPaymentType(type)
      ? [{ key: 'party_id', label: t(type === 'purchase' ? 'fields.supplier' : 'fields.customer'), source: PARTY_SOURCES[type] }]
      : []),
    { key: 'direction', label: t('fields.direction'), options: PAYMENT_DIRECTIONS.map((v) => ({ value: v, label: t(`directions.${v}`) })) },
    { key: 'method', label: t('fields.method'), options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) })) },
    ...(isAdmin ? [{ key: 'company_id', label: t('fields.company'), source: COMPANIES }] : []),
  ];
  return (
    <ResourceListPage<Payment>
      testId="pending-payment-list"
      title={t('pendingTitle')}
      entity={t('entity')}
      basePath={PAYMENTS_PATH}
      listConfig={PAYMENT_LIST}
      baseFilters={base}
      columns={paymentColumns({ t, dates, withDocument: true })}
      filters={filters}
      dateRange={{ label: t('fields.date'), from: 'from', to: 'to' }}
      approval={
        isAdmin
          ? { status: (r) => r.approval_status, canDecide: true, bulk: { rowLabel: (r) => t('selectRow', { reference: r.reference_no }) } }
          : undefined
      }
      searchPlaceholder={t('search')}
      exportable
      canWrite={false}
      canDelete={(r) => r.approval_status === 'pending'}
    />
  );
}
