/**
 * Issue 10 set-up and checks through the API: customers with a tax profile, sales recorded as a
 * seller (multipart, like the form), a sale found by its number, and the figures the journeys
 * compare before and after (a product's stock, a customer's totals). The UI steps stay in the
 * specs.
 */
import { Api, expectJson, type Party, type Product, type Record } from './masterdata';

/** A customer's tax profile (modules/people). */
export interface CustomerProfile {
  person_type: 'natural' | 'juridica';
  gran_contribuyente: boolean;
  /** The identity document (default: the server's, none). */
  document_type?: 'CC' | 'NIT' | 'CE' | 'PAS';
  document_number?: string;
}

/** A customer as the list shows it: its sales figures. */
export interface CustomerFigures extends Party {
  total_sales: number;
  total_amount_cents: number;
  paid_cents: number;
  balance_cents: number;
}

/** One sale line of the API, in centavos. */
export interface SaleLineBody {
  product_id: number;
  quantity: number;
  price_cents: number;
  discount_cents?: number;
}

/** A sale as the API sends it (the fields the journeys read). */
export interface Sale extends Record {
  number: string;
  customer_id: number;
  approval_status: 'pending' | 'approved' | 'rejected';
  status: 'pending' | 'partial' | 'paid';
  totals: { subtotal_cents: number; vat_cents: number; total_cents: number; balance_cents: number; withholding_income_cents: number; withholding_vat_cents: number };
  lines?: Array<SaleLineBody & { product_code: string; iva_class: string }>;
}

/** Creates an approved customer with this tax profile (a legal entity is named by its company). */
export async function customerWithProfile(admin: Api, name: string, profile: CustomerProfile, companyId?: number): Promise<Party> {
  const body = { name, company: profile.person_type === 'juridica' ? `${name} S.A.S.` : '', city: 'Cali', ...profile, ...(companyId ? { company_id: companyId } : {}) };
  const customer = await admin.create<Party>('/api/customers', body);
  if (customer.approval_status !== 'approved') await expectJson(await admin.post(`/api/customers/${customer.id}/approve`), 200);
  return customer;
}

/** Records a sale as a seller (multipart: data = the sale as JSON). */
export async function createSale(seller: Api, s: { customerId: number; storeId: number; saleDate: string; lines: SaleLineBody[]; reference?: string }): Promise<Sale> {
  const data = { sale_date: s.saleDate, customer_id: s.customerId, store_id: s.storeId, customer_reference: s.reference ?? '', note: '', lines: s.lines };
  return (await expectJson<{ data: Sale }>(await seller.postForm('/api/sales', { data: JSON.stringify(data) }), 201)).data;
}

/** The sales a search finds (number, customer reference or customer). */
export async function salesFound(api: Api, q: string): Promise<Sale[]> {
  return (await api.list<Sale>('/api/sales', { q, per_page: 50 })).data;
}

/** A product's units in stock now. */
export async function stockOf(api: Api, product: Product): Promise<number> {
  return (await api.read<Product & { quantity: number }>(`/api/products/${product.id}`)).quantity;
}

/** A customer's sales figures now. */
export function figuresOf(api: Api, customer: Party): Promise<CustomerFigures> {
  return api.read<CustomerFigures>(`/api/customers/${customer.id}`);
}
