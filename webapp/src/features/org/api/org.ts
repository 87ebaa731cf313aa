/** Companies and stores (modules/settings): `/api/companies` (admins) and `/api/stores`. */
import type { Schema } from '@/lib/api';

/** Path of the companies resource. */
export const COMPANIES_PATH = '/api/companies';
/** Path of the stores resource. */
export const STORES_PATH = '/api/stores';

/** A company with its tax flags and live store/user counts. */
export type Company = Schema<'Company'>;

/** A store of a company. */
export type Store = Schema<'Store'>;
