/** The companies an admin may choose from (GET /api/companies, admins only). */
import { useResourceOptions } from '@/components/list/resource-api';

/** A company option. */
export interface CompanyOption {
  id: number;
  name: string;
}

/** The first 100 companies by name; only fetched when enabled (admins). */
export function useCompanyOptions(enabled: boolean) {
  return useResourceOptions<CompanyOption>('/api/companies', 'name', enabled);
}
