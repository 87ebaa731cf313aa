/**
 * Issue 4 set-up and checks through the API: products of a given VAT class, suppliers with a tax
 * profile, the company's withholding flags (changed for one journey and restored), purchases
 * created with their attachment, and purchase orders found by product. The UI steps stay in the
 * specs; these are the steps whose subject is not the page.
 */
import { Api, expectJson, type FilePart, type Party, pngFile, type Product, type Record } from './masterdata';

/** A product's VAT class (modules/tax). */
export type IVAClass = '19' | '5' | 'exento' | 'excluido';

/** A supplier's tax profile (modules/people). */
export interface TaxProfile {
  person_type: 'natural' | 'juridica';
  declarante: boolean;
  iva_responsible: boolean;
  gran_contribuyente: boolean;
  autorretenedor: boolean;
}

/** The company flags the purchase totals depend on (modules/settings). */
export interface CompanyTaxFlags {
  has_taxes: boolean;
  withholding_agent: boolean;
  reteiva_agent: boolean;
}

/** A purchase order as the API sends it (the fields the journeys read). */
export interface PurchaseOrder extends Record {
  reference_no: string;
  product_id: number;
  quantity: number;
  received_quantity: number;
  pending_quantity: number;
  balance: number;
  status: string;
}

/** A received order as the API sends it. */
export interface ReceivedOrder extends Record {
  reference_no: string;
  purchase_order_id: number;
  quantity: number;
  status: string;
}

/** One purchase line of the API, in centavos. */
export interface PurchaseLine {
  category_id: number;
  product_id: number;
  expiry_date: string;
  cost_cents: number;
  quantity: number;
}

/** Creates a goods product of this VAT class (multipart, like the form) with 10 units in stock. */
export async function productOfClass(api: Api, p: { code: string; name: string; categoryId: number; costCents: number; iva: IVAClass }): Promise<Product> {
  const form: { [field: string]: string | FilePart } = {
    code: p.code,
    name: p.name,
    category_id: String(p.categoryId),
    unit: 'und',
    cost_cents: String(p.costCents),
    price_cents: String(p.costCents * 2),
    quantity: '10',
    alert_quantity: '2',
    iva_class: p.iva,
    kind: 'goods',
  };
  return (await expectJson<{ data: Product }>(await api.postForm('/api/products', form), 201)).data;
}

/** Creates a supplier with this tax profile in the caller's company. */
export function supplierWithProfile(api: Api, name: string, profile: TaxProfile): Promise<Party> {
  // A persona jurídica needs its legal name (the "company" field).
  return api.create<Party>('/api/suppliers', { name, company: name, city: 'Bogotá', ...profile });
}

/** The company's current tax flags. */
export async function companyTaxFlags(api: Api, companyId: number): Promise<CompanyTaxFlags> {
  const company = await api.read<Record & CompanyTaxFlags>(`/api/companies/${companyId}`);
  return { has_taxes: company.has_taxes, withholding_agent: company.withholding_agent, reteiva_agent: company.reteiva_agent };
}

/** Sets the company's tax flags (PUT /api/companies/{id}; omitted fields keep their value). */
export async function setCompanyTaxFlags(api: Api, companyId: number, flags: Partial<CompanyTaxFlags>): Promise<void> {
  const company = await api.read<Record>(`/api/companies/${companyId}`);
  const answer = await api.request.put(`/api/companies/${companyId}`, {
    headers: { Authorization: `Bearer ${api.token}` },
    data: { name: company.name, ...flags },
  });
  await expectJson(answer, 200);
}

/** Creates a purchase through the API (multipart: data = JSON, attachment = a small PNG). */
export async function createPurchase(
  api: Api,
  p: { referenceNo: string; supplierId: number; storeId: number; purchaseDate: string; lines: PurchaseLine[]; receivedOrderId?: number },
): Promise<Record> {
  const data = {
    purchase_date: p.purchaseDate,
    reference_no: p.referenceNo,
    supplier_id: p.supplierId,
    store_id: p.storeId,
    days_of_credit: 30,
    lines: p.lines,
    // The received order this purchase invoices (create only).
    ...(p.receivedOrderId ? { received_order_id: p.receivedOrderId } : {}),
  };
  const answer = await api.postForm('/api/purchases', { data: JSON.stringify(data), attachment: pngFile('invoice.png') });
  return (await expectJson<{ data: Record }>(answer, 201)).data;
}

/** Creates an active store of a company (admins): purchases are received into one. */
export function store(api: Api, name: string, companyId: number): Promise<Record> {
  return api.create('/api/stores', { name, company_id: companyId });
}

/** The newest purchase orders of a product (the list sorted newest first). */
export async function ordersOfProduct(api: Api, productId: number): Promise<PurchaseOrder[]> {
  const page = await api.list<PurchaseOrder>('/api/purchase-orders', { per_page: 50, sort: '-created_at' });
  return page.data.filter((o) => o.product_id === productId);
}

/**
 * A purchase order of `quantity` units of the product that `user` placed and `admin` approved,
 * received in parts of `receipts` units by `user`, each received order approved by `admin` (its
 * units enter stock).
 */
export async function receivedOrder(
  user: Api,
  admin: Api,
  o: { categoryId: number; productId: number; quantity: number; receipts: number[] },
): Promise<{ order: PurchaseOrder; receipts: ReceivedOrder[] }> {
  const body = { category_id: String(o.categoryId), product_id: String(o.productId), quantity: String(o.quantity), note: '' };
  const order = (await expectJson<{ data: PurchaseOrder }>(await user.postForm('/api/purchase-orders', body), 201)).data;
  await expectJson(await admin.post(`/api/purchase-orders/${order.id}/approve`), 200);
  const received: ReceivedOrder[] = [];
  for (const units of o.receipts) {
    const answer = await user.postForm(`/api/purchase-orders/${order.id}/receive`, { quantity: String(units), note: '' });
    const receipt = (await expectJson<{ data: ReceivedOrder }>(answer, 201)).data;
    received.push((await expectJson<{ data: ReceivedOrder }>(await admin.post(`/api/received-orders/${receipt.id}/approve`), 200)).data);
  }
  return { order: await admin.read<PurchaseOrder>(`/api/purchase-orders/${order.id}`), receipts: received };
}

/** The received orders of one purchase order. */
export async function receiptsOf(api: Api, orderId: number): Promise<ReceivedOrder[]> {
  return (await api.list<ReceivedOrder>('/api/received-orders', { purchase_order_id: orderId, per_page: 50 })).data;
}

/** Today's date in Bogotá as YYYY-MM-DD, plus `days`. */
export function bogotaDate(days = 0): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
