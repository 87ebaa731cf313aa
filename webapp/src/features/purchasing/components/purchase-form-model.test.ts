import { describe, expect, it } from 'vitest';
import { attachmentsOf } from '@/components/document-form';
import { formPath } from '@/lib/form-errors';
import {
  dueDate,
  emptyLine,
  lineSubtotal,
  linesFrom,
  linesSubtotal,
  MESSAGES,
  purchaseFormData,
  purchaseSchema,
  quoteRequest,
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
  shipping_carrier: '',
  lines: [line(), emptyLine()],
  attachment: { existing: [], files: [new File(['x'], 'factura.png', { type: 'image/png' })] },
  ...over,
});
const stored = attachmentsOf([{ id: 4, url: '/api/attachments/4' }]);

/** The schema's messages by form path ({} when the values pass). */
function problems(values: PurchaseValues): Record<string, string> {
  const result = purchaseSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function sized(bytes: number): File {
  const file = new File(['x'], 'big.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

describe('purchaseSchema (spec §5)', () => {
  it('accepts a complete purchase, ignoring the trailing blank row', () => {
    expect(problems(valid())).toEqual({});
  });

  it('reports each header message', () => {
    const errors = problems(
      valid({ purchase_date: '', reference_no: ' ', supplier_id: '', store_id: '', days_of_credit: '0', discount_cents: null, shipping_cents: -1, attachment: attachmentsOf() }),
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
    });
    expect(problems(valid({ reference_no: 'AB' })).reference_no).toBe(MESSAGES.referenceShort);
    expect(problems(valid({ reference_no: 'ABC' })).reference_no).toBeUndefined();
    expect(problems(valid({ days_of_credit: '1.5' })).days_of_credit).toBe(MESSAGES.creditPositive);
  });

  it('checks the attachment: required unless the purchase has one, 4 MB at most', () => {
    expect(problems(valid({ attachment: stored })).attachment).toBeUndefined();
    expect(problems(valid({ attachment: { existing: [], files: [sized(4 * 1024 * 1024)] } })).attachment).toBeUndefined();
    expect(problems(valid({ attachment: { existing: [], files: [sized(4 * 1024 * 1024 + 1)] } })).attachment).toBe(MESSAGES.maxFileSize);
  });

  it('checks every non-blank line and wants at least one', () => {
    expect(problems(valid({ lines: [emptyLine()] }))).toEqual({ lines: MESSAGES.itemsRequired });
    expect(problems(valid({ lines: [] }))).toEqual({ lines: MESSAGES.itemsRequired });
    const errors = problems(valid({ lines: [line(), line({ product_id: '', cost_cents: null, quantity: 'x', expiry_date: '' }), line({ quantity: '0' })] }));
    expect(errors).toEqual({
      'lines.1.product_id': MESSAGES.lineIncomplete,
      'lines.1.cost_cents': MESSAGES.costRequired,
      'lines.1.quantity': MESSAGES.quantityRequired,
      'lines.1.expiry_date': MESSAGES.expiryRequired,
      'lines.2.quantity': MESSAGES.quantityRequired,
    });
    expect(problems(valid({ discount_cents: 0, lines: [line({ cost_cents: -1 })] }))).toEqual({ 'lines.0.cost_cents': MESSAGES.costRequired });
    expect(problems(valid({ discount_cents: 0, lines: [line({ category_id: '' })] }))).toEqual({ 'lines.0.category_id': MESSAGES.lineIncomplete });
    // Services need no expiry date; goods and lines of unknown kind do.
    expect(problems(valid({ lines: [line({ kind: 'service', expiry_date: '' })] }))).toEqual({});
    expect(problems(valid({ lines: [line({ kind: 'goods', expiry_date: '' })] }))).toEqual({ 'lines.0.expiry_date': MESSAGES.expiryRequired });
  });

  it('refuses a discount larger than the items it discounts', () => {
    expect(problems(valid({ discount_cents: 85_000_001 }))).toEqual({ discount_cents: MESSAGES.discountInvalid });
    expect(problems(valid({ discount_cents: 85_000_000 }))).toEqual({});
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
    const body = purchaseFormData(valid({ reference_no: ' FAC-9 ', lines: [line(), line({ cost_cents: null, quantity: '' }), emptyLine()] }), 12);
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
          received_order_id: 12,
      // What is missing is left out: the server names it per line.
      lines: [
        { category_id: 1, product_id: 10, expiry_date: '2027-01-31', cost_cents: 8_500_000, quantity: 10 },
        { category_id: 1, product_id: 10, expiry_date: '2027-01-31' },
      ],
    });
    expect((body.get('attachment') as File).name).toBe('factura.png');
    // An edit that keeps the stored image sends none.
    expect(purchaseFormData(valid({ attachment: stored })).has('attachment')).toBe(false);
    expect(JSON.parse(String(purchaseFormData(valid()).get('data')))).not.toHaveProperty('received_order_id');
  });

  it('reads lines back from a draft and maps server field names', () => {
    const [first] = linesFrom([{ category_id: 4, product_id: 9, product_code: 'X', expiry_date: '', cost_cents: 1_250_000, quantity: 7 }]);
    expect(first).toMatchObject({ category_id: '4', product_id: '9', product_code: 'X', kind: '', cost_cents: 1_250_000, quantity: '7' });
    expect(formPath('lines[2].cost_cents')).toBe('lines.2.cost_cents');
    expect(formPath('body.lines[2].quantity')).toBe('lines.2.quantity');
    expect(formPath('reference_no')).toBe('reference_no');
  });
});
