import { describe, expect, it } from 'vitest';
import {
  dueDate,
  emptyLine,
  formPath,
  lineSubtotal,
  linesFrom,
  linesSubtotal,
  MESSAGES,
  purchaseFormData,
  quoteRequest,
  todayInBogota,
  validatePurchase,
  type LineValues,
  type PurchaseValues,
} from './purchase-form-model';

const line = (over: Partial<LineValues> = {}): LineValues => ({
  ...emptyLine(),
  category_id: '1',
  product_id: '10',
  product_code: 'P-10',
  product_name: 'Café',
  expiry_date: '2027-01-31',
  cost_cents: 8_500_000,
  quantity: '10',
  ...over,
});

const valid = (over: Partial<PurchaseValues> = {}): PurchaseValues => ({
  purchase_date: '2026-11-22',
  reference_no: 'FAC-001',
  supplier_id: '3',
  store_id: '2',
  days_of_credit: '30',
  note: '',
  shipping_cents: 6_000_000,
  discount_cents: 6_500_000,
  return_cents: 0,
  shipping_carrier: '',
  lines: [line(), emptyLine()],
  ...over,
});
const withFile = { file: { size: 1000 }, existing: false };

describe('validatePurchase (spec §5)', () => {
  it('accepts a complete purchase, ignoring the trailing blank row', () => {
    expect(validatePurchase(valid(), withFile)).toEqual({});
  });

  it('reports each header message', () => {
    const errors = validatePurchase(
      valid({ purchase_date: '', reference_no: ' ', supplier_id: '', store_id: '', days_of_credit: '0', discount_cents: null, shipping_cents: -1, return_cents: null }),
      { file: null, existing: false },
    );
    expect(errors).toEqual({
      purchase_date: MESSAGES.purchaseDateRequired,
      reference_no: MESSAGES.referenceRequired,
      supplier_id: MESSAGES.supplierRequired,
      store_id: MESSAGES.storeRequired,
      days_of_credit: MESSAGES.creditPositive,
      attachment: MESSAGES.attachmentRequired,
      discount_cents: MESSAGES.discountInvalid,
      shipping_cents: MESSAGES.shippingInvalid,
      return_cents: MESSAGES.returnsInvalid,
    });
    expect(validatePurchase(valid({ reference_no: 'AB' }), withFile).reference_no).toBe(MESSAGES.referenceShort);
    expect(validatePurchase(valid({ reference_no: 'ABC' }), withFile).reference_no).toBeUndefined();
    expect(validatePurchase(valid({ days_of_credit: '1.5' }), withFile).days_of_credit).toBe(MESSAGES.creditPositive);
  });

  it('checks the attachment: required unless the purchase has one, 4 MB at most', () => {
    expect(validatePurchase(valid(), { file: null, existing: true }).attachment).toBeUndefined();
    expect(validatePurchase(valid(), { file: { size: 4 * 1024 * 1024 }, existing: false }).attachment).toBeUndefined();
    expect(validatePurchase(valid(), { file: { size: 4 * 1024 * 1024 + 1 }, existing: true }).attachment).toBe(MESSAGES.maxFileSize);
  });

  it('checks every non-blank line and wants at least one', () => {
    expect(validatePurchase(valid({ lines: [emptyLine()] }), withFile)).toEqual({ lines: MESSAGES.itemsRequired });
    expect(validatePurchase(valid({ lines: [] }), withFile)).toEqual({ lines: MESSAGES.itemsRequired });
    const errors = validatePurchase(
      valid({ lines: [line(), line({ product_id: '', cost_cents: null, quantity: 'x', expiry_date: '' }), line({ quantity: '0' })] }),
      withFile,
    );
    expect(errors).toEqual({
      'lines.1': MESSAGES.lineIncomplete,
      'lines.1.cost_cents': MESSAGES.costRequired,
      'lines.1.quantity': MESSAGES.quantityRequired,
      'lines.1.expiry_date': MESSAGES.expiryRequired,
      'lines.2.quantity': MESSAGES.quantityRequired,
    });
    expect(validatePurchase(valid({ discount_cents: 0, lines: [line({ cost_cents: -1 })] }), withFile)).toEqual({ 'lines.0.cost_cents': MESSAGES.costRequired });
    // Services need no expiry date; goods and lines of unknown kind do.
    expect(validatePurchase(valid({ lines: [line({ kind: 'service', expiry_date: '' })] }), withFile)).toEqual({});
    expect(validatePurchase(valid({ lines: [line({ kind: 'goods', expiry_date: '' })] }), withFile)).toEqual({ 'lines.0.expiry_date': MESSAGES.expiryRequired });
  });

  it('refuses a discount larger than the items it discounts', () => {
    expect(validatePurchase(valid({ discount_cents: 85_000_001 }), withFile)).toEqual({ discount_cents: MESSAGES.discountInvalid });
    expect(validatePurchase(valid({ discount_cents: 85_000_000 }), withFile)).toEqual({});
  });
});

describe('line and totals arithmetic (integer centavos)', () => {
  it('subtotals are cost × quantity, exact', () => {
    expect(lineSubtotal({ cost_cents: 8_500_000, quantity: '10' })).toBe(85_000_000);
    expect(lineSubtotal({ cost_cents: 1_250_050, quantity: '3' })).toBe(3_750_150);
    expect(lineSubtotal({ cost_cents: 10, quantity: '' })).toBeNull();
    expect(lineSubtotal({ cost_cents: null, quantity: '2' })).toBeNull();
    expect(lineSubtotal({ cost_cents: 100_000_000_000_000, quantity: '999999' })).toBeNull();
    // The worked example of DESIGN §5: 10×85.000 + 20×12.500 + 5×40.000 = 1.300.000 pesos.
    const lines = [line(), line({ cost_cents: 1_250_000, quantity: '20' }), line({ cost_cents: 4_000_000, quantity: '5' }), emptyLine()];
    expect(linesSubtotal(lines)).toBe(130_000_000);
  });

  it('due date is purchase date + days of credit, across months and leap days', () => {
    expect(dueDate('2026-11-22', '30')).toBe('2026-12-22');
    expect(dueDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(dueDate('2026-12-31', '1')).toBe('2027-01-01');
    expect(dueDate('', '3')).toBe('');
    expect(dueDate('2026-11-22', 'x')).toBe('');
  });

  it('today is the Bogota date (UTC−5)', () => {
    expect(todayInBogota(new Date('2026-11-23T04:59:00Z'))).toBe('2026-11-22');
    expect(todayInBogota(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
  });
});

describe('quote and save bodies', () => {
  it('asks for a quote only with a supplier, a date and a priced line', () => {
    expect(quoteRequest(valid({ supplier_id: '' }))).toBeNull();
    expect(quoteRequest(valid({ lines: [line({ quantity: '' })] }))).toBeNull();
    expect(quoteRequest(valid({ discount_cents: null, lines: [line(), line({ product_id: '' }), emptyLine()] }))).toEqual({
      supplier_id: 3,
      purchase_date: '2026-11-22',
      lines: [{ category_id: 1, product_id: 10, cost_cents: 8_500_000, quantity: 10 }],
      discount_cents: 0,
      shipping_cents: 6_000_000,
    });
  });

  it('the multipart body carries the purchase as JSON in `data` and the file in `attachment`', () => {
    const file = new File(['x'], 'factura.png', { type: 'image/png' });
    const body = purchaseFormData(valid({ reference_no: ' FAC-9 ', lines: [line(), line({ cost_cents: null, quantity: '' }), emptyLine()] }), file, 12);
    expect(JSON.parse(String(body.get('data')))).toEqual({
      purchase_date: '2026-11-22',
      reference_no: 'FAC-9',
      supplier_id: 3,
      store_id: 2,
      days_of_credit: 30,
      note: '',
      shipping_carrier: '',
      shipping_cents: 6_000_000,
      discount_cents: 6_500_000,
      return_cents: 0,
      received_order_id: 12,
      // What is missing is left out: the server names it per line.
      lines: [
        { category_id: 1, product_id: 10, expiry_date: '2027-01-31', cost_cents: 8_500_000, quantity: 10 },
        { category_id: 1, product_id: 10, expiry_date: '2027-01-31' },
      ],
    });
    expect((body.get('attachment') as File).name).toBe('factura.png');
    expect(purchaseFormData(valid(), null).has('attachment')).toBe(false);
    expect(JSON.parse(String(purchaseFormData(valid(), null).get('data')))).not.toHaveProperty('received_order_id');
  });

  it('reads lines back from a draft and maps server field names', () => {
    const [first] = linesFrom([{ category_id: 4, product_id: 9, product_code: 'X', expiry_date: '', cost_cents: 1_250_000, quantity: 7 }]);
    expect(first).toMatchObject({ category_id: '4', product_id: '9', product_code: 'X', kind: '', cost_cents: 1_250_000, quantity: '7' });
    expect(formPath('lines[2].cost_cents')).toBe('lines.2.cost_cents');
    expect(formPath('reference_no')).toBe('reference_no');
  });
});
