/**
 * The receipt form of /purchase-order/receive/{id} and /received-order/edit/{id}, on the document
 * form kit: receive quantity (at most what the order still lacks, with the balance shown as it
 * will be), note and an optional image. Enter in the quantity saves.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttachmentsField, DocumentForm, FormText, FormTextArea, useDocumentSubmit } from '@/components/document-form';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { balanceAfter, receiptFormData, receiptSchema, type ReceiptValues } from './order-model';

/** Props of ReceiptForm. */
export interface ReceiptFormProps {
  title: string;
  /** The order's or receipt's number in the title (kept on one line). */
  titleCode?: string;
  /** Product, ordered and received so far, shown above the form. */
  summary: ReactNode;
  /** Beside the title (approve / reject). */
  actions?: ReactNode;
  /** What can be received with this form (null when unknown). */
  limit: number | null;
  start: ReceiptValues;
  editable: boolean;
  notEditableText?: string;
  /** A rejected receipt: the administrator's reason and what to do instead (see DocumentForm). */
  rejection?: { reason?: string; next?: string };
  backTo: string;
  save: (body: FormData) => Promise<unknown>;
  onSaved: () => void;
}

/** The quantity, with the order's balance as it will be after this receipt. */
function QuantityField({ limit }: { limit: number | null }) {
  const { t } = useTranslation('procurement');
  const quantity = useWatch<ReceiptValues, 'quantity'>({ name: 'quantity' });
  return (
    <FormText<ReceiptValues>
      name="quantity"
      required
      autoFocus
      inputMode="numeric"
      autoComplete="off"
      label={t('fields.receiveQuantity')}
      hint={limit !== null ? t('received.balanceAfter', { balance: balanceAfter(limit, quantity) }) : undefined}
      testId="field-receive-quantity"
    />
  );
}

/** The receipt form. */
export function ReceiptForm({ title, titleCode, summary, actions, limit, start, editable, notEditableText, rejection, backTo, save, onSaved }: ReceiptFormProps) {
  const { t } = useTranslation('procurement');
  const schema = useMemo(() => receiptSchema(limit), [limit]);
  const form = useForm<ReceiptValues>({ resolver: zodResolver(schema), defaultValues: start });
  const submit = useDocumentSubmit({
    form,
    ns: 'procurement',
    save: (values: ReceiptValues) => save(receiptFormData(values, start.image)),
    onSaved,
    savedTitle: t('received.saved'),
    failedTitle: t('received.saveFailed'),
  });
  return (
    <DocumentForm
      form={form}
      ns="procurement"
      onSubmit={submit.onSubmit}
      onInvalid={submit.onInvalid}
      title={title}
      titleCode={titleCode}
      actions={actions}
      testId="receipt-form"
      cancelTo={backTo}
      editable={editable}
      rejection={rejection}
      notices={
        <>
          <Card className="p-4 text-sm">{summary}</Card>
          {!editable && notEditableText && <Alert tone="info">{notEditableText}</Alert>}
        </>
      }
    >
      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        <QuantityField limit={limit} />
        <FormTextArea<ReceiptValues> name="note" rows={2} label={t('fields.note')} wrapperClassName="sm:col-span-2" testId="field-note" />
        <div className="sm:col-span-2">
          <AttachmentsField<ReceiptValues> name="image" label={t('fields.image')} />
        </div>
      </Card>
    </DocumentForm>
  );
}

/** The product / ordered / received / balance summary. */
export function OrderSummary({ rows }: { rows: Array<[label: string, value: ReactNode, testId?: string]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-muted">{label}</dt>
          <dd className="font-medium" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
