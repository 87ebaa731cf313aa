/**
 * The advanced delete form's filters that name records of other modules: party, store, category,
 * company. Each is a searching picker (RecordPicker): none of these lists has a fixed size.
 */
import { useTranslation } from 'react-i18next';
import { RecordPickerField, type RecordSource } from '@/components/form/record-picker';
import { CATEGORIES, COMPANIES, CUSTOMERS, STORES, SUPPLIERS } from '@/components/form/record-sources';
import type { PartyList } from '../api/advanced-delete';

/** Props of one filter: its value ('' for any) and what to do when it changes. */
interface FilterProps {
  value: string;
  onChange: (v: string) => void;
}

/** One filter over `source`, whose empty value reads `anyLabel`. */
function RecordFilter({ source, label, anyLabel, testId, value, onChange }: FilterProps & { source: RecordSource; label: string; anyLabel: string; testId: string }) {
  return <RecordPickerField label={label} source={source} value={value} onChange={onChange} placeholder={anyLabel} clearable testId={testId} />;
}

/** The supplier (purchases, returns) or customer (sales) filter. */
export function PartySelect({ party, ...filter }: FilterProps & { party: PartyList }) {
  const { t } = useTranslation('archive');
  const suppliers = party === 'suppliers';
  return <RecordFilter {...filter} source={suppliers ? SUPPLIERS : CUSTOMERS} label={t(suppliers ? 'supplier' : 'customer')} anyLabel={t('any')} testId="field-party" />;
}

/** The store filter. */
export function StoreSelect(filter: FilterProps) {
  const { t } = useTranslation('archive');
  return <RecordFilter {...filter} source={STORES} label={t('store')} anyLabel={t('any')} testId="field-store" />;
}

/** The products' category filter. */
export function CategorySelect(filter: FilterProps) {
  const { t } = useTranslation('archive');
  return <RecordFilter {...filter} source={CATEGORIES} label={t('category')} anyLabel={t('any')} testId="field-category" />;
}

/** The company filter (administrators). */
export function CompanySelect(filter: FilterProps) {
  const { t } = useTranslation('archive');
  return <RecordFilter {...filter} source={COMPANIES} label={t('company')} anyLabel={t('allCompanies')} testId="field-company" />;
}
