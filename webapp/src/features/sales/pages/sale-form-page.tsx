/**
 * /sale/add and /sale/edit/{id} (users and secretaries; the guard keeps administrators off
 * both), on the document form kit: the header, the lines, the images and the server's totals
 * while typing. Saving records the sale as pending: its goods leave stock at once, and a
 * quantity above the stock comes back as 'Not enough stock of …' on that line's quantity.
 *
 * Only a pending sale is edited. An approved or rejected one opens read-only with its stored
 * totals, its status and, when rejected, the administrator's reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AttachmentsField, DocumentForm, useDocumentSubmit } from '@/components/document-form';
import { ApprovalBadge } from '@/components/list/approval';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates/use-dates';
import { failureText } from '@/lib/form-errors';
import { useSale } from '../api/get-sale';
import type { Sale } from '../api/list-sales';
import { useSaveSale } from '../api/save-sale';
import { isBlankLine, MAX_SALE_IMAGES, newSale, saleFormData, saleSchema, saleValues, type SaleValues } from '../components/sale-form-model';
import { SaleHeaderFields } from '../components/sale-header-fields';
import { SaleLines } from '../components/sale-lines';
import { SaleStatusBadge } from '../components/sale-status';
import { SaleQuoteTotals, SaleStoredTotals } from '../components/sale-totals';

/** Route element of /sale/add and /sale/edit/{id}. */
export function SaleFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('sales');
  const saleId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const existing = useSale(saleId);

  if (id !== undefined && saleId === undefined) return <Alert>{t('notFound')}</Alert>;
  if (saleId !== undefined && existing.isPending) return <LoadingState />;
  if (saleId !== undefined && existing.error) return <Alert>{failureText(existing.error) ?? t('loadFailed')}</Alert>;
  const record = existing.data;
  return <SaleForm key={record?.id ?? 'new'} start={record ? saleValues(record) : newSale()} record={record} />;
}

function SaleForm({ start, record }: { start: SaleValues; record?: Sale }) {
  const { t } = useTranslation('sales');
  const dates = useDates();
  const navigate = useNavigate();
  const save = useSaveSale();
  const editable = !record || record.approval_status === 'pending';
  const form = useForm<SaleValues>({ resolver: zodResolver(saleSchema), defaultValues: start });

  const submit = useDocumentSubmit({
    form,
    ns: 'sales',
    save: (values: SaleValues) => save.mutateAsync({ id: record?.id, form: saleFormData(values, record ? start : undefined) }),
    onSaved: () => navigate('/sale/list'),
    savedTitle: record ? t('updated') : t('created'),
    savedDescription: (saved) => saved.number,
    failedTitle: record ? t('updateFailed') : t('createFailed'),
    lines: { name: 'lines', isBlank: isBlankLine },
  });

  return (
    <DocumentForm
      form={form}
      ns="sales"
      onSubmit={submit.onSubmit}
      onInvalid={submit.onInvalid}
      title={record ? t('editTitle', { number: record.number }) : t('addTitle')}
      titleCode={record?.number}
      testId="sale-form"
      cancelTo="/sale/list"
      editable={editable}
      meta={
        record && (
          <>
            <SaleStatusBadge status={record.status} />
            <ApprovalBadge status={record.approval_status} reason={record.approval_reason} />
            <span>{t('createdAt', { date: dates.dateTime(record.created_at) })}</span>
          </>
        )
      }
      notices={
        !editable && (
          <Alert tone="info" testId="sale-read-only">
            {t(`readOnly.${record?.approval_status}`)}
            {record?.approval_status === 'rejected' && (
              <>
                {' '}
                {t('rejectionReason')} <q data-testid="rejection-reason">{record.approval_reason || t('noReason')}</q>
              </>
            )}
          </Alert>
        )
      }
      aside={editable ? <SaleQuoteTotals /> : record && <SaleStoredTotals totals={record.totals} />}
    >
      <SaleHeaderFields record={record} isNew={!record} />
      <Card className="p-4">
        <SaleLines />
      </Card>
      <Card className="p-4">
        <AttachmentsField<SaleValues> name="images" max={MAX_SALE_IMAGES} label={t('fields.images')} />
      </Card>
    </DocumentForm>
  );
}
