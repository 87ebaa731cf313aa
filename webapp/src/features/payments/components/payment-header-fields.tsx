/**
 * The fields a payment and a run share, bound by name to the surrounding form: the payment date
 * (today in Bogota), the reference number (required: the transfer's or the cheque's), the
 * method and a note. `amount` goes after the reference (a single payment's amount).
 */
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDate, FormSelect, FormText, FormTextArea } from '@/components/document-form';
import { PAYMENT_METHODS } from '../api/list-payments';
import { MAX_REFERENCE_LENGTH, type PaymentHeaderValues } from './payment-form-model';

/** The shared fields; `amount` is the single payment's amount field. */
export function PaymentHeaderFields<V extends FieldValues & PaymentHeaderValues>({ amount, autoFocus }: { amount?: ReactNode; autoFocus?: boolean }) {
  const { t } = useTranslation('payments');
  const name = (field: keyof PaymentHeaderValues) => field as Path<V>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormDate<V> name={name('date')} required label={t('fields.date')} testId="field-date" />
      <FormText<V> name={name('reference_no')} required autoFocus={autoFocus} autoComplete="off" maxLength={MAX_REFERENCE_LENGTH} label={t('fields.referenceNo')} testId="field-reference" />
      {amount}
      <FormSelect<V>
        name={name('method')}
        required
        label={t('fields.method')}
        options={[{ value: '', label: t('form.chooseMethod') }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))]}
        testId="field-method"
      />
      <FormTextArea<V> name={name('note')} rows={2} label={t('fields.note')} wrapperClassName="sm:col-span-2" testId="field-note" />
    </div>
  );
}
