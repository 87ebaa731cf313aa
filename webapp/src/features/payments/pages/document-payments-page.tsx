/**
 * /payments/{type}/{id} (type purchase: money we pay a supplier; sale: money a customer pays
 * us): the document's header and figures, the form that adds a payment, and its payments.
 * Another type, an id that is not a number, or a document the reader may not see (another
 * company's: 404) shows the not-found message.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/spinner';
import { failureText } from '@/lib/form-errors';
import { isPaymentType, type PaymentType } from '../api/list-payments';
import { DocumentPaymentList } from '../components/document-payment-list';
import { usePayableDocument } from '../components/payable-document';
import { PaymentForm } from '../components/payment-form';

/** Route element of /payments/{type}/{purchase_id}. */
export function DocumentPaymentsPage() {
  const { type, purchase_id: id } = useParams();
  const { t } = useTranslation('payments');
  if (!isPaymentType(type) || !id || !/^\d+$/.test(id)) return <Alert testId="payments-not-found">{t('notFound')}</Alert>;
  return <DocumentPayments key={`${type}-${id}`} type={type} id={Number(id)} />;
}

function DocumentPayments({ type, id }: { type: PaymentType; id: number }) {
  const { t } = useTranslation('payments');
  const { doc, open, openLoading, isPending, error } = usePayableDocument(type, id);
  if (isPending) return <LoadingState />;
  if (error || !doc) return <Alert testId="payments-not-found">{failureText(error) ?? t('notFound')}</Alert>;
  return (
    <div className="space-y-8">
      {/* The form starts once the document's open entry is known: its default amount. */}
      {openLoading ? <LoadingState /> : <PaymentForm doc={doc} open={open} />}
      <DocumentPaymentList doc={doc} />
    </div>
  );
}
