/**
 * Issue 11 (payments) set-up and checks through the API: approved purchases of a supplier ready
 * to be paid, and what the server stored for a purchase and its payments after a UI step. The
 * UI steps stay in the specs.
 */
import { type Locator } from '@playwright/test';
import { Api, expect, expectJson, type Party, type Record } from './masterdata';
import { DEMO } from './users';
import { bogotaDate, createPurchase, store as createStore } from './purchasing';

/** A purchase's payment figures (the fields the journeys read). */
export interface PurchaseFigures extends Record {
  reference_no: string;
  status: 'pending' | 'partial' | 'paid' | 'received';
  totals: { total_to_pay_cents: number; paid_cents: number; balance_cents: number };
}

/** A payment as the API sends it (the fields the journeys read). */
export interface PaymentRow extends Record {
  reference_no: string;
  amount_cents: number;
  approval_status: 'pending' | 'approved' | 'rejected';
  batch_id: number | null;
  batch_number: string;
}

/** What a payments journey pays: suppliers, each with approved purchases. */
export interface Payables {
  t: string;
  admin: Api;
  user: Api;
  suppliers: Party[];
  /** The purchases of each supplier, in order. */
  purchases: PurchaseFigures[][];
}

/**
 * Approved purchases ready to be paid: for each count in `perSupplier`, a supplier (a natural
 * person, so no withholdings) with that many purchases of one product line, `costCents` × the
 * purchase's place (1, 2, …) so that every purchase has its own total.
 */
export async function payables(request: Parameters<typeof Api.admin>[0], tag: string, perSupplier: number[], costCents = 100_000_00): Promise<Payables> {
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Pagos ${tag}`);
  const product = await admin.product({ code: `PAG-${tag}`, name: `Insumo ${tag}`, categoryId: category.id });
  const suppliers: Party[] = [];
  const purchases: PurchaseFigures[][] = [];
  let store: Record | undefined;
  for (const [s, count] of perSupplier.entries()) {
    const supplier = await admin.party('suppliers', `Proveedor ${String.fromCharCode(65 + s)} ${tag}`);
    store ??= await createStore(admin, `Bodega ${tag}`, supplier.company_id);
    suppliers.push(supplier);
    const own: PurchaseFigures[] = [];
    for (let i = 1; i <= count; i++) {
      const made = await createPurchase(user, {
        referenceNo: `FP-${tag}-${s}${i}`,
        supplierId: supplier.id,
        storeId: store.id,
        purchaseDate: bogotaDate(-i),
        lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: costCents * i, quantity: 1 }],
      });
      await expectJson(await admin.post(`/api/purchases/${made.id}/approve`), 200);
      own.push(await purchaseFigures(admin, made.id));
    }
    purchases.push(own);
  }
  return { t: tag, admin, user, suppliers, purchases };
}

/** A purchase's figures now. */
export function purchaseFigures(api: Api, id: number): Promise<PurchaseFigures> {
  return api.read<PurchaseFigures>(`/api/purchases/${id}`);
}

/** The payments recorded on a purchase (any approval), newest first. */
export async function paymentsOf(api: Api, purchaseId: number): Promise<PaymentRow[]> {
  return (await api.list<PaymentRow>('/api/payments', { type: 'purchase', document_id: purchaseId, per_page: 50 })).data;
}

/** An amount of centavos as a person types it in pesos: "1234567" or "1234567,50". */
export function typedPesos(cents: number): string {
  const pesos = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(pesos) : `${pesos},${String(rest).padStart(2, '0')}`;
}

/**
 * Ticks a document of the concurrent-payments form. Once in a CI run (session 9) a click on a
 * freshly loaded form focused the box without ticking it while the open documents were being
 * refetched (a live invalidation right after the page opened); the tick is tried again until it
 * holds, and the run's total is still checked by the caller. The cause is not found yet: see the
 * session's note.
 */
export async function tickDocument(box: Locator): Promise<void> {
  await expect(async () => {
    await box.check({ timeout: 5_000 });
    await expect(box).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
