/** The advanced delete form's filters that list records of other modules: party, store, category, company. */
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

/** A filter picking one record of a list the caller may read, by name (stores, categories). */
function NamedSelect({ path, label, testId, value, onChange }: { path: '/api/stores' | '/api/categories'; label: string; testId: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('archive');
  const records = useResourceOptions(path);
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={records.isLoading}
      options={[{ value: '', label: t('any') }, ...(records.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))]}
      data-testid={testId}
    />
  );
}

/** The store filter. */
export function StoreSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('archive');
  return <NamedSelect path="/api/stores" label={t('store')} testId="field-store" value={value} onChange={onChange} />;
}

/** The products' category filter. */
export function CategorySelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('archive');
  return <NamedSelect path="/api/categories" label={t('category')} testId="field-category" value={value} onChange={onChange} />;
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
