import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-link';

describe('notificationTarget', () => {
  it("opens a payment's document page from its parameters", () => {
    const payment = { kind: 'payment' as const, entity_id: 9 };
    expect(notificationTarget({ ...payment, params: { document_type: 'purchase', document_id: '12' } })).toBe('/payments/purchase/12');
    expect(notificationTarget({ ...payment, params: '{"document_type":"sale","document_id":"4"}' })).toBe('/payments/sale/4');
    // Without them (an older notification): the pending payments.
    expect(notificationTarget({ ...payment, params: { label: 'TR-77' } })).toBe('/payment/pending');
    expect(notificationTarget({ ...payment, params: { document_type: 'cash', document_id: '4' } })).toBe('/payment/pending');
  });

  it("opens a return's purchase returns page from its parameters", () => {
    const ret = { kind: 'return' as const, entity_id: 5 };
    expect(notificationTarget({ ...ret, params: { document_id: '12', document_number: 'FV-1', label: 'NC-1' } })).toBe('/preturn/list/12');
    expect(notificationTarget({ ...ret, params: '{"document_id":"4"}' })).toBe('/preturn/list/4');
    // Without it: the returns across purchases.
    expect(notificationTarget({ ...ret, params: { label: 'NC-1' } })).toBe('/preturn/list');
    expect(notificationTarget({ ...ret, params: { document_id: '4/../x' } })).toBe('/preturn/list');
  });

  it('keeps the other kinds where they were', () => {
    expect(notificationTarget({ kind: 'purchase', entity_id: 3 })).toBe('/purchase/edit/3');
    expect(notificationTarget({ kind: 'sale', entity_id: 3, reference_no: 'VTA-000003' })).toBe('/sale/list?q=VTA-000003');
    expect(notificationTarget({ kind: 'payment', entity_id: 0 })).toBeUndefined();
  });
});
