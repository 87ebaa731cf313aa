/**
 * The sale's header: sale date (today in Bogota by default), customer (a legal entity named by
 * its company), store, the customer's own order reference and a note.
 */
import { useTranslation } from 'react-i18next';
import { choiceOptions, FormDate, FormSelect, FormText, FormTextArea } from '@/components/document-form';
import { Card } from '@/components/ui/card';
import { customerLabel } from '../api/sale-choices';
import { MAX_REFERENCE_LENGTH, type SaleValues } from './sale-form-model';

/** A choice of a select. */
export interface HeaderChoice {
  id: number;
  name: string;
  display_name?: string;
}

/** Choices of the header's selects. */
export interface SaleHeaderChoices {
  customers: readonly HeaderChoice[] | undefined;
  stores: readonly HeaderChoice[] | undefined;
}

/** The header card. */
export function SaleHeaderFields({ choices, isNew }: { choices: SaleHeaderChoices; isNew: boolean }) {
  const { t } = useTranslation('sales');
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2">
      <FormDate<SaleValues> name="sale_date" required label={t('fields.saleDate')} testId="field-sale-date" />
      <FormSelect<SaleValues> name="customer_id" required autoFocus={isNew} label={t('fields.customer')} options={choiceOptions(choices.customers, t('chooseCustomer'), customerLabel)} testId="field-customer" />
      <FormSelect<SaleValues> name="store_id" required label={t('fields.store')} options={choiceOptions(choices.stores, t('chooseStore'))} testId="field-store" />
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
