/**
 * The sale's header: sale date (today in Bogota by default), customer (a legal entity named by
 * its company), store, the customer's own order reference and a note.
 */
import { useTranslation } from 'react-i18next';
import { FormDate, FormPicker, FormText, FormTextArea } from '@/components/document-form';
import { Card } from '@/components/ui/card';
import type { Sale } from '../api/list-sales';
import { SALE_CUSTOMERS, SALE_STORES } from '../api/sale-choices';
import { MAX_REFERENCE_LENGTH, type SaleValues } from './sale-form-model';

/**
 * The header card. `record`: the sale edited, whose customer and store are named from it (they
 * need not be among the first matches, nor still approved or active).
 */
export function SaleHeaderFields({ record, isNew }: { record?: Sale; isNew: boolean }) {
  const { t } = useTranslation('sales');
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2">
      <FormDate<SaleValues> name="sale_date" required label={t('fields.saleDate')} testId="field-sale-date" />
      <FormPicker<SaleValues, '/api/customers'>
        name="customer_id"
        required
        autoFocus={isNew}
        label={t('fields.customer')}
        source={SALE_CUSTOMERS}
        placeholder={t('chooseCustomer')}
        known={record && { value: String(record.customer_id), label: record.customer_name }}
        testId="field-customer"
      />
      <FormPicker<SaleValues, '/api/stores'>
        name="store_id"
        required
        label={t('fields.store')}
        source={SALE_STORES}
        placeholder={t('chooseStore')}
        known={record && { value: String(record.store_id), label: record.store_name }}
        testId="field-store"
      />
      <FormText<SaleValues>
        name="customer_reference"
        autoComplete="off"
        maxLength={MAX_REFERENCE_LENGTH}
        label={t('fields.customerReference')}
        hint={t('customerReferenceHint')}
        testId="field-customer-reference"
      />
      <FormTextArea<SaleValues> name="note" rows={2} label={t('fields.note')} wrapperClassName="sm:col-span-2" testId="field-note" />
    </Card>
  );
}
