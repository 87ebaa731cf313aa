import { describe, expect, it } from 'vitest';
import { todayInBogota } from '@/lib/dates';
import { newPayment, paymentBody, paymentSchema, type PaymentValues } from './payment-form-model';
import { documentOfField, itemsFor, runBody, runSchema, runTotal, type RunValues } from './run-form-model';
import type { OpenDocument } from '../api/list-open-documents';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('payment form', () => {
  it('starts today in Bogota, as a transfer, at what is available', () => {
    expect(newPayment(1_250_000)).toMatchObject({ date: todayInBogota(), method: 'transfer', amount_cents: 1_250_000, reference_no: '' });
  });

  it("asks for the reference number (spec §5), a date, an amount above zero and a method", () => {
    const values: PaymentValues = { ...newPayment(null), date: '', reference_no: '   ', method: '' };
    expect(issues(paymentSchema.safeParse(values))).toEqual({
      date: 'validation.dateRequired',
      reference_no: 'validation.referenceRequired',
      amount_cents: 'validation.amountRequired',
      method: 'validation.methodRequired',
    });
    expect(issues(paymentSchema.safeParse({ ...newPayment(0), reference_no: 'TR-1' }))).toEqual({ amount_cents: 'validation.amountRequired' });
    expect(paymentSchema.safeParse({ ...newPayment(5_000), reference_no: 'TR-1' }).success).toBe(true);
  });

  it('sends the payment with its texts trimmed', () => {
    const values = { ...newPayment(50_000_00), reference_no: ' TR-77 ', note: ' mitad ' };
    expect(paymentBody(values, 'purchase', 12)).toEqual({
      type: 'purchase',
      direction: 'payment',
      document_id: 12,
      date: todayInBogota(),
      reference_no: 'TR-77',
      method: 'transfer',
      note: 'mitad',
      amount_cents: 50_000_00,
    });
    // A refund of a purchase's credit says so.
    expect(paymentBody(values, 'purchase', 12, 'refund')).toMatchObject({ direction: 'refund', amount_cents: 50_000_00 });
  });
});

const doc = (id: number, available: number): OpenDocument =>
  ({ id, type: 'purchase', number: `FE-${id}`, available_cents: available, balance_cents: available, pending_cents: 0 }) as OpenDocument;

describe('run form', () => {
  it('keeps the ticks and amounts of documents still open, new ones unticked at what they may take', () => {
    const items = itemsFor([doc(1, 100), doc(2, 200)], []);
    expect(items).toEqual([
      { document_id: 1, pay: false, amount_cents: 100 },
      { document_id: 2, pay: false, amount_cents: 200 },
    ]);
    const ticked = [{ ...items[0]!, pay: true, amount_cents: 60 }, items[1]!];
    expect(itemsFor([doc(3, 300), doc(1, 100)], ticked)).toEqual([
      { document_id: 3, pay: false, amount_cents: 300 },
      { document_id: 1, pay: true, amount_cents: 60 },
    ]);
  });

  it('totals the ticked amounts in whole centavos and sends only the ticked documents, in order', () => {
    const values: RunValues = {
      type: 'purchase',
      parties: [{ id: 8, name: 'Andina' }],
      date: '2026-11-24',
      reference_no: 'LOTE-TR-1',
      method: 'transfer',
      note: '',
      image: { existing: [], files: [] },
      items: [
        { document_id: 1, pay: true, amount_cents: 1_000_001 },
        { document_id: 2, pay: false, amount_cents: 5_000 },
        { document_id: 3, pay: true, amount_cents: 2_999_999 },
      ],
    };
    expect(runTotal(values.items)).toBe(4_000_000);
    expect(runBody(values)).toEqual({
      type: 'purchase',
      date: '2026-11-24',
      reference_no: 'LOTE-TR-1',
      method: 'transfer',
      note: '',
      items: [
        { document_id: 1, amount_cents: 1_000_001 },
        { document_id: 3, amount_cents: 2_999_999 },
      ],
    });
    expect(runSchema.safeParse(values).success).toBe(true);
    // The server counts the items it was sent: items.1 is the second ticked document.
    expect(documentOfField('items.1.amount_cents', values.items)).toBe(3);
    expect(documentOfField('items.2.amount_cents', values.items)).toBeUndefined();
    expect(documentOfField('reference_no', values.items)).toBeUndefined();
  });

  it('needs one ticked document, each with an amount', () => {
    const base = { type: 'sale', parties: [], date: '2026-11-24', reference_no: 'R', method: 'cash', note: '', image: { existing: [], files: [] } } as const;
    expect(issues(runSchema.safeParse({ ...base, items: [{ document_id: 1, pay: false, amount_cents: 5 }] }))).toEqual({ items: 'validation.itemsRequired' });
    expect(issues(runSchema.safeParse({ ...base, items: [{ document_id: 1, pay: true, amount_cents: null }] }))).toEqual({ 'items.0.amount_cents': 'validation.amountRequired' });
  });
});
