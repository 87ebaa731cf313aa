/** Companies and stores (modules/settings): `/api/companies` (admins) and `/api/stores`. */
import { useResourceOptions } from '@/components/list/resource-api';

/** Path of the companies resource. */
export const COMPANIES_PATH = '/api/companies';
/** Path of the stores resource. */
export const STORES_PATH = '/api/stores';

/** A company with its tax flags and live store/user counts. */
export interface Company {
  id: number;
  name: string;
  active: boolean;
  has_taxes: boolean;
  /** Agente de retención. */
  withholding_agent: boolean;
  /** Agente de ReteIVA. */
  reteiva_agent: boolean;
  stores: number;
  users: number;
  created_at: string;
}

/** A store of a company. */
export interface Store {
  id: number;
  name: string;
  company_id: number;
  company_name: string;
  active: boolean;
  created_at: string;
}

/** Companies for the store form's select. */
export function useCompanyChoices() {
  return useResourceOptions<Pick<Company, 'id' | 'name'>>(COMPANIES_PATH, 'name');
}
