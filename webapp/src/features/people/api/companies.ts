/** The companies an admin may choose from (GET /api/companies, admins only). */
import { useResourceOptions } from '@/components/list/resource-api';
import type { Schema } from '@/lib/api';

/** A company option. */
export type CompanyOption = Pick<Schema<'Company'>, 'id' | 'name'>;

/** The first 100 companies by name; only fetched when enabled (admins). */
export function useCompanyOptions(enabled: boolean) {
  return useResourceOptions('/api/companies', 'name', enabled);
}
