/**
 * The purchase's header (spec §3): date, reference, supplier (with its document), store, days of credit (with the due
 * date it gives), shipping carrier, discount, shipping, returns (read-only: the sum of the approved
 * returns) and note.
 */
import { useDates } from '@/lib/dates/use-dates';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDate, FormMoney, FormPicker, FormText, FormTextArea } from '@/components/document-form';
import { formatCop } from '@/components/form/money';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { STORES, usePartyDocument } from '@/components/form/record-sources';
import { APPROVED_SUPPLIERS, type Purchase } from '../api/purchases';
import { dueDate, type PurchaseValues } from './purchase-form-model';

/**
 * The header card. `record`: the purchase edited, whose supplier and store are named from it
 * (they need not be among the first matches, nor still approved).
 */
export function PurchaseHeaderFields({ record, isNew, returnCents }: { record?: Purchase; isNew: boolean; returnCents: number }) {
  const { t } = useTranslation('purchasing');
  const [date, days, supplierId] = useWatch<PurchaseValues, ['purchase_date', 'days_of_credit', 'supplier_id']>({
    name: ['purchase_date', 'days_of_credit', 'supplier_id'],
  });
  // The supplier's document under its name, as the pickers' list shows it ("NIT 900123456-7").
  const supplierDocument = usePartyDocument('/api/suppliers', /^\d+$/.test(supplierId ?? '') ? Number(supplierId) : undefined);
  const dates = useDates();
  const due = dueDate(date, days);
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2 xl:grid-cols-3">
      <FormDate<PurchaseValues> name="purchase_date" required label={t('fields.purchaseDate')} testId="field-purchase-date" />
      <FormText<PurchaseValues> name="reference_no" required autoFocus={isNew} autoComplete="off" label={t('fields.referenceNo')} testId="field-reference-no" />
      <FormPicker<PurchaseValues, '/api/suppliers'>
        name="supplier_id"
        required
        label={t('fields.supplier')}
        source={APPROVED_SUPPLIERS}
        placeholder={t('chooseSupplier')}
        known={record && { value: String(record.supplier_id), label: record.supplier_name }}
        hint={supplierDocument ? <span data-testid="field-supplier-document">{supplierDocument}</span> : undefined}
        testId="field-supplier"
      />
      <FormPicker<PurchaseValues, '/api/stores'>
        name="store_id"
        required
        label={t('fields.store')}
        source={STORES}
        placeholder={t('chooseStore')}
        known={record && { value: String(record.store_id), label: record.store_name }}
        testId="field-store"
      />
      <FormText<PurchaseValues>
        name="days_of_credit"
        required
        inputMode="numeric"
        autoComplete="off"
        label={t('fields.daysOfCredit')}
        hint={due ? t('dueDateHint', { date: dates.date(due) }) : undefined}
        testId="field-days-of-credit"
      />
      <FormText<PurchaseValues> name="shipping_carrier" autoComplete="off" label={t('fields.shippingCarrier')} testId="field-shipping-carrier" />
      <FormMoney<PurchaseValues> name="discount_cents" label={t('fields.discount')} testId="field-discount" />
      <FormMoney<PurchaseValues> name="shipping_cents" label={t('fields.shipping')} testId="field-shipping" />
      {/* The sum of the approved returns (the purchase's returns page records them): never typed here. */}
      <TextField label={t('fields.return')} value={formatCop(returnCents)} readOnly hint={t('returnHint')} className="tabular-nums" data-testid="field-return" />
      <FormTextArea<PurchaseValues> name="note" rows={2} label={t('fields.note')} wrapperClassName="sm:col-span-2 xl:col-span-3" testId="field-note" />
    </Card>
  );
}
