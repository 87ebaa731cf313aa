/** The advanced delete form's filters that list records of other modules: party, store, company. */
import { useTranslation } from 'react-i18next';
import { useResourceOptions } from '@/components/list/resource-api';
import { SelectField } from '@/components/ui/field';
import type { PartyList } from '../api/advanced-delete';

/** The supplier (purchases, returns) or customer (sales) filter. */
export function PartySelect({ party, value, onChange }: { party: PartyList; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('archive');
  const parties = useResourceOptions(party === 'suppliers' ? '/api/suppliers' : '/api/customers');
  return (
    <SelectField
      label={t(party === 'suppliers' ? 'supplier' : 'customer')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={parties.isLoading}
      options={[{ value: '', label: t('any') }, ...(parties.data ?? []).map((p) => ({ value: String(p.id), label: ('display_name' in p && p.display_name) || p.name }))]}
      data-testid="field-party"
    />
  );
}

/** The store filter. */
export function StoreSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('archive');
  const stores = useResourceOptions('/api/stores');
  return (
    <SelectField
      label={t('store')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={stores.isLoading}
      options={[{ value: '', label: t('any') }, ...(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
      data-testid="field-store"
    />
  );
}

/** The company filter (administrators). */
export function CompanySelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('archive');
  const companies = useResourceOptions('/api/companies');
  return (
    <SelectField
      label={t('company')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[{ value: '', label: t('allCompanies') }, ...(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
      data-testid="field-company"
    />
  );
}
