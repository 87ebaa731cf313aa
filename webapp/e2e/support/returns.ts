/**
 * Issue 11 (purchase returns) set-up and checks through the API: an approved purchase of one
 * goods line ready to take a return, and what the server stored afterwards — the purchase's
 * returnable figures, its returns and the product's stock. The UI steps stay in the specs.
 */
import type { APIResponse } from '@playwright/test';
import { Api, expectJson, type Party, type Product, type Record } from './masterdata';
import { bogotaDate, createPurchase, productOfClass, store as createStore } from './purchasing';
import { DEMO } from './users';

/** A purchase's figures as the returns page reads them (GET /api/purchases/{id}/returnable). */
export interface ReturnableFigures {
  purchase: Record & {
    reference_no: string;
    total_to_pay_cents: number;
    paid_cents: number;
    return_cents: number;
    pending_return_cents: number;
    balance_cents: number;
    credit_cents: number;
  };
  lines: { purchase_line_id: number; product_id: number; quantity: number; returned_quantity: number; pending_quantity: number; returnable_quantity: number }[];
  returnable_cents: number;
}

/** A return as the API sends it (the fields the journeys read). */
export interface ReturnRow extends Record {
  reference_no: string;
  kind: 'goods' | 'value';
  approval_status: 'pending' | 'approved' | 'rejected';
  totals: { amount_cents: number };
}

/** What a returns journey works on. */
export interface Returnable {
  t: string;
  admin: Api;
  user: Api;
  supplier: Party;
  product: Product;
  purchase: Record & { reference_no: string };
}

/**
 * An approved purchase, recorded by the demo user, of `quantity` units at `costCents` of a 19 %
 * VAT goods product (created with 10 units in stock) from a supplier who is a natural person.
 */
export async function returnablePurchase(request: Parameters<typeof Api.admin>[0], tag: string, quantity = 10, costCents = 85_000_00): Promise<Returnable> {
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Devoluciones ${tag}`);
  const product = await productOfClass(admin, { code: `DEV-${tag}`, name: `Cemento ${tag}`, categoryId: category.id, costCents, iva: '19' });
  const supplier = await admin.party('suppliers', `Proveedor devoluciones ${tag}`);
  const store = await createStore(admin, `Bodega devoluciones ${tag}`, supplier.company_id);
  const purchase = await createPurchase(user, {
    referenceNo: `FD-${tag}`,
    supplierId: supplier.id,
    storeId: store.id,
    purchaseDate: bogotaDate(-1),
    lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: costCents, quantity }],
  });
  await expectJson(await admin.post(`/api/purchases/${purchase.id}/approve`), 200);
  return { t: tag, admin, user, supplier, product, purchase: purchase as Returnable['purchase'] };
}

/** The purchase's returnable figures now. */
export function returnableOf(api: Api, purchaseId: number): Promise<ReturnableFigures> {
  return api.read<ReturnableFigures>(`/api/purchases/${purchaseId}/returnable`);
}

/** The returns recorded on a purchase (any approval). */
export async function returnsOf(api: Api, purchaseId: number): Promise<ReturnRow[]> {
  return (await api.list<ReturnRow>('/api/returns', { purchase_id: purchaseId, per_page: 50 })).data;
}

/** The product's stock now. */
export async function stockOf(api: Api, productId: number): Promise<number> {
  return (await api.read<Product & { quantity: number }>(`/api/products/${productId}`)).quantity;
}

/** Posts, as api, a goods return of `quantity` units of the purchase's first line (the answer as it comes). */
export async function postGoodsReturn(api: Api, purchaseId: number, quantity: number, reference: string): Promise<APIResponse> {
  const figures = await returnableOf(api, purchaseId);
  return api.postForm('/api/returns', {
    data: JSON.stringify({
      purchase_id: purchaseId,
      return_date: '2026-11-25',
      reference_no: reference,
      kind: 'goods',
      lines: [{ purchase_line_id: figures.lines[0]!.purchase_line_id, quantity }],
    }),
  });
}
