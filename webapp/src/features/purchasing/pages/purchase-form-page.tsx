/**
 * /purchase/add and /purchase/edit/{id}, on the document form kit: the header of spec §3, the
 * lines, the invoice image and the server's totals while typing. /purchase/add?received_order=ID
 * starts from that receipt's lines.
 *
 * Pending and rejected purchases are edited; a rejected one shows the administrator's reason,
 * and saving it sends it again for approval. Approved purchases are shown read-only, with a
 * link to their payments. The keyboard rules of the lines are LinesField's; Enter in a header
 * field saves.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AttachmentsField, DocumentForm, DocumentLink, useDocumentSubmit } from '@/components/document-form';
import { ApprovalActions, ApprovalBadge } from '@/components/list/approval';
import { useDecideResource, useSaveResource } from '@/components/list/resource-api';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { failureText } from '@/lib/form-errors';
import { PURCHASES_PATH, usePurchase, usePurchaseDraft, type Purchase } from '../api/purchases';
import { PurchaseHeaderFields } from '../components/purchase-header-fields';
import { emptyLine, isBlankLine, linesFrom, newPurchase, purchaseFormData, purchaseSchema, purchaseValues, type PurchaseValues } from '../components/purchase-form-model';
import { PurchaseLines } from '../components/purchase-lines';
import { PurchaseStatusBadge } from '../components/purchase-status';
import { PurchaseQuoteTotals, PurchaseStoredTotals } from '../components/purchase-totals';

/** A route parameter that is a record id, or undefined. */
function idOf(text: string | null | undefined): number | undefined {
  return text && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Route element of /purchase/add and /purchase/edit/{id}. */
export function PurchaseFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('purchasing');
  const purchaseId = idOf(id);
  const receivedOrderId = purchaseId === undefined ? idOf(search.get('received_order')) : undefined;
  const existing = usePurchase(purchaseId);
  const draft = usePurchaseDraft(receivedOrderId);

  if (id !== undefined && purchaseId === undefined) return <Alert>{t('notFound')}</Alert>;
  const loading = (purchaseId !== undefined && existing.isPending) || (receivedOrderId !== undefined && draft.isPending);
  const failed = purchaseId !== undefined ? existing.error : receivedOrderId !== undefined ? draft.error : null;
  if (loading) return <LoadingState />;
  if (failed) return <Alert>{failureText(failed) ?? t('loadFailed')}</Alert>;

  let start = newPurchase();
  if (existing.data) start = purchaseValues(existing.data);
  else if (draft.data) start = { ...start, note: draft.data.note ?? '', lines: [...linesFrom(draft.data.lines ?? []), emptyLine()] };
  return <PurchaseForm key={existing.data?.id ?? `new-${receivedOrderId ?? ''}`} start={start} record={existing.data} receivedOrderId={receivedOrderId} />;
}

function PurchaseForm({ start, record, receivedOrderId }: { start: PurchaseValues; record?: Purchase; receivedOrderId?: number }) {
  const { t } = useTranslation('purchasing');
  const dates = useDates();
  const navigate = useNavigate();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const decide = useDecideResource(PURCHASES_PATH);
  const save = useSaveResource(PURCHASES_PATH);
  const form = useForm<PurchaseValues>({ resolver: zodResolver(purchaseSchema), defaultValues: start });

  const status = record?.approval_status;
  const editable = status !== 'approved';
  const sendAgain = status === 'rejected';
  const submit = useDocumentSubmit({
    form,
    ns: 'purchasing',
    save: (values: PurchaseValues) => save.mutateAsync({ id: record?.id, body: purchaseFormData(values, receivedOrderId) }),
    onSaved: () => navigate('/purchase/list'),
    savedTitle: sendAgain ? t('sentAgain') : record ? t('updated') : t('created'),
    savedDescription: (saved) => saved.reference_no,
    failedTitle: record ? t('updateFailed') : t('createFailed'),
    lines: { name: 'lines', isBlank: isBlankLine },
  });
  const title = record ? t('editTitle', { reference: record.reference_no }) : t('addTitle');

  return (
    <DocumentForm
      form={form}
      ns="purchasing"
      onSubmit={submit.onSubmit}
      onInvalid={submit.onInvalid}
      title={title}
      titleCode={record?.reference_no}
      testId="purchase-form"
      cancelTo="/purchase/list"
      editable={editable}
      rejection={sendAgain ? { reason: record?.approval_reason } : undefined}
      meta={
        <>
          {record && <PurchaseStatusBadge status={record.status} />}
          {record && <ApprovalBadge status={record.approval_status} reason={record.approval_reason} />}
          {record && <span>{t('createdAt', { date: dates.dateTime(record.created_at) })}</span>}
          {receivedOrderId !== undefined && <span data-testid="from-received-order">{t('fromReceivedOrder', { id: receivedOrderId })}</span>}
        </>
      }
      actions={
        record && isAdmin && status === 'pending' ? (
          <ApprovalActions entity={t('entity')} busy={decide.isPending} decide={(approve, reason) => decide.mutateAsync({ id: record.id, approve, reason })} />
        ) : (
          record?.approval_status === 'approved' && (
            <>
              <DocumentLink to={`/payments/purchase/${record.id}`} testId="purchase-payments">
                {t('payments')}
              </DocumentLink>
              <DocumentLink to={`/preturn/list/${record.id}`} testId="purchase-returns">
                {t('returns')}
              </DocumentLink>
            </>
          )
        )
      }
      notices={!editable && <Alert tone="info">{t('notEditable')}</Alert>}
      aside={editable ? <PurchaseQuoteTotals /> : record && <PurchaseStoredTotals record={record} />}
    >
      <PurchaseHeaderFields record={record} isNew={!record} returnCents={record?.totals.return_cents ?? 0} />
      <Card className="p-4">
        <PurchaseLines />
      </Card>
      <Card className="p-4">
        <AttachmentsField<PurchaseValues> name="attachment" required label={t('fields.attachment')} />
      </Card>
    </DocumentForm>
  );
}
