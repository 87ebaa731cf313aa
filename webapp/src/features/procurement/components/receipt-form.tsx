/**
 * The receipt form of /purchase-order/receive/{id} and /received-order/edit/{id}: receive
 * quantity (at most what the order still lacks, with the balance shown as it will be), note and
 * an optional image.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageUploadField } from '@/components/form/image-upload-field';
import { RequiredMark } from '@/components/form/required-mark';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import type { Image } from '../api/procurement';
import { fieldMessage, serverFieldErrors } from './form-errors';
import { balanceAfter, receiptFormData, validateReceipt, type ReceiptValues } from './order-model';

/** Props of ReceiptForm. */
export interface ReceiptFormProps {
  title: string;
  /** Product, ordered and received so far, shown above the form. */
  summary: ReactNode;
  /** What can be received with this form (null when unknown). */
  limit: number | null;
  initial: ReceiptValues;
  image: Image | null;
  editable: boolean;
  notEditableText?: string;
  backTo: string;
  save: (body: FormData) => Promise<unknown>;
  onSaved: () => void;
}

/** The receipt form. */
export function ReceiptForm({ title, summary, limit, initial, image: existingImage, editable, notEditableText, backTo, save, onSaved }: ReceiptFormProps) {
  const { t } = useTranslation('procurement');
  const [values, setValues] = useState<ReceiptValues>(initial);
  const [image, setImage] = useState<File | null>(null);
  const [keepImage, setKeepImage] = useState(existingImage !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const set = (patch: Partial<ReceiptValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateReceipt(next, limit));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = validateReceipt(values, limit);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      await save(receiptFormData(values, image, existingImage !== null && !keepImage));
      toast.success(t('received.saved'));
      onSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast.error(t('received.saveFailed'), failureText(error));
    } finally {
      setSaving(false);
    }
  };
  const msg = (field: string) => fieldMessage(t, errors, field);
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="max-w-2xl space-y-4" data-testid="receipt-form">
      <PageTitle>{title}</PageTitle>
      <Card className="p-4 text-sm">{summary}</Card>
      {!editable && <Alert tone="info">{notEditableText}</Alert>}
      <Card className="p-4">
        <fieldset disabled={!editable || saving} className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={<>{t('fields.receiveQuantity')}<RequiredMark /></>}
            aria-required
            autoFocus
            inputMode="numeric"
            value={values.quantity}
            error={msg('quantity')}
            hint={limit !== null ? t('received.balanceAfter', { balance: balanceAfter(limit, values.quantity) }) : undefined}
            data-testid="field-receive-quantity"
            onChange={(e) => set({ quantity: e.target.value })}
          />
          <TextAreaField label={t('fields.note')} rows={2} value={values.note} wrapperClassName="sm:col-span-2" data-testid="field-note" onChange={(e) => set({ note: e.target.value })} />
          <div className="sm:col-span-2">
            <ImageUploadField
              label={t('fields.image')}
              max={1}
              existing={existingImage && keepImage ? [existingImage] : []}
              onRemoveExisting={() => setKeepImage(false)}
              files={image ? [image] : []}
              onFilesChange={(files) => setImage(files[files.length - 1] ?? null)}
              error={msg('image')}
            />
          </div>
        </fieldset>
      </Card>
      <div className="flex gap-2">
        <Link to={backTo} className="inline-flex items-center rounded-md border border-line bg-card px-4 py-2 text-sm font-medium hover:bg-hover">
          {t('common:actions.cancel')}
        </Link>
        {editable && (
          <Button type="submit" busy={saving} data-testid="form-submit">
            {t('common:actions.save')}
          </Button>
        )}
      </div>
    </form>
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
