/**
 * The top of /payments/{type}/{id}, on the document form kit: the document's header (number,
 * supplier or customer, payment status, approval, due date), its figures beside the form, and
 * the form that adds a payment — date (today in Bogota), reference number, amount (starting at
 * what the document may still take, and following it while untouched), method, note, images.
 *
 * Saving sends an Idempotency-Key (api/create-payment), so a retried submission never pays
 * twice; Save is disabled while one is on its way (DocumentForm). A refusal lands on its field:
 * 'The payment exceeds the balance due ($ …).' on the amount. An administrator's payment is
 * approved at once; anyone else's waits, and the figures say so.
 *
 * A purchase with a credit in our favour (its returns passed what was left to pay) takes a
 * refund instead: the same form, "Record refund", the amount starting at the credit; the server
 * refuses one beyond the credit less the refunds already pending ('The refund exceeds the credit
 * in our favour ($ …).').
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttachmentsField, DocumentForm, DocumentLink, DocumentMeta, FormMoney, useDocumentSubmit } from '@/components/document-form';
import { formatCop } from '@/components/form/money';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { useCreatePayment } from '../api/create-payment';
import type { OpenDocument } from '../api/list-open-documents';
import { DocumentFigures } from './document-figures';
import { notPayable, takesRefund, type PayableDocument } from './payable-document';
import { MAX_PAYMENT_IMAGES, newPayment, paymentBody, paymentSchema, type PaymentValues } from './payment-form-model';
import { PaymentHeaderFields } from './payment-header-fields';

/** Where a document of each type is listed (Cancel), and where it opens. */
const LIST_OF = { purchase: '/purchase/list', sale: '/sale/list' } as const;
function documentLink(doc: PayableDocument): string {
  return doc.type === 'purchase' ? `/purchase/edit/${doc.id}` : `/sale/list?q=${encodeURIComponent(doc.number)}`;
}

/** Props of PaymentForm. */
export interface PaymentFormProps {
  doc: PayableDocument;
  /** The document's open entry (what it may still take); undefined when it takes nothing. */
  open: OpenDocument | undefined;
}

/** The document's header, figures and new-payment form. */
export function PaymentForm({ doc, open }: PaymentFormProps) {
  const { t } = useTranslation('payments');
  const dates = useDates();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const create = useCreatePayment();
  const refund = takesRefund(doc);
  const available = refund ? doc.creditCents : (open?.available_cents ?? null);
  const form = useForm<PaymentValues>({ resolver: zodResolver(paymentSchema), defaultValues: newPayment(available) });
  const blocked = refund && doc.approvalStatus === 'approved' ? undefined : notPayable(doc, open);
  const words = refund ? 'refund' : 'form';

  // The amount follows what is available (a payment recorded here or elsewhere) until typed in.
  useEffect(() => {
    if (!form.getFieldState('amount_cents').isDirty) form.resetField('amount_cents', { defaultValue: available });
  }, [available, form]);

  const submit = useDocumentSubmit({
    form,
    ns: 'payments',
    save: (values: PaymentValues) =>
      create.mutateAsync({ body: paymentBody(values, doc.type, doc.id, refund ? 'refund' : 'payment'), images: values.images.files }),
    onSaved: () => form.reset(newPayment(null)),
    savedTitle: isAdmin ? t(`${words}.created`) : t(`${words}.createdPending`),
    savedDescription: (saved) => t('form.saved', { reference: saved.reference_no, amount: formatCop(saved.amount_cents) }),
    failedTitle: t(`${words}.createFailed`),
  });

  return (
    <DocumentForm
      form={form}
      ns="payments"
      onSubmit={submit.onSubmit}
      onInvalid={submit.onInvalid}
      title={t(`document.title_${doc.type}`, { number: doc.number })}
      titleCode={doc.number}
      testId="payment-form"
      cancelTo={LIST_OF[doc.type]}
      submitLabel={t(`${words}.save`)}
      editable={blocked === undefined}
      meta={
        <DocumentMeta
          party={doc.partyName}
          status={doc.status}
          statusLabel={t(`status.${doc.status}`, { defaultValue: doc.status })}
          approval={doc.approvalStatus}
          due={doc.dueDate ? t('document.due', { date: dates.date(doc.dueDate) }) : undefined}
        />
      }
      actions={
        <DocumentLink to={documentLink(doc)} testId="document-open">
          {t(`document.open_${doc.type}`)}
        </DocumentLink>
      }
      notices={
        blocked && (
          <Alert tone="info" testId="document-not-payable">
            {blocked === 'allPending' ? t('document.allPending') : t(`document.${blocked}_${doc.type}`)}
          </Alert>
        )
      }
      aside={<DocumentFigures doc={doc} open={open} />}
    >
      {blocked === undefined && (
        <Card className="space-y-4 p-4">
          <h2 className="text-lg font-medium">{t(`${words}.title`)}</h2>
          {refund && <p className="text-sm text-muted">{t('refund.hint', { amount: formatCop(doc.creditCents) })}</p>}
          <PaymentHeaderFields<PaymentValues> amount={<FormMoney<PaymentValues> name="amount_cents" required label={t('fields.amount')} testId="field-amount" />} />
          <AttachmentsField<PaymentValues> name="images" max={MAX_PAYMENT_IMAGES} label={t('fields.images')} />
        </Card>
      )}
    </DocumentForm>
  );
}
