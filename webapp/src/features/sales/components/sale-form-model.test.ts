import { describe, expect, it } from 'vitest';
import { attachmentsOf } from '@/components/document-form';
import type { Sale } from '../api/list-sales';
import { emptyLine, isBlankLine, lineTotal, MESSAGES, pickedLine, quoteRequest, saleFormData, saleSchema, saleValues, type SaleLineValues, type SaleValues } from './sale-form-model';

const line = (over: Partial<SaleLineValues> = {}): SaleLineValues => ({
  ...emptyLine(),
  product_id: '10',
  product_code: 'P-10',
  product_name: 'Café',
  iva_class: '19',
  stock: 12,
  kind: 'goods',
  price_cents: 8_500_000,
  quantity: '3',
  ...over,
});

const valid = (over: Partial<SaleValues> = {}): SaleValues => ({
  sale_date: '2026-11-25',
  customer_id: '7',
  store_id: '2',
  customer_reference: '',
  note: '',
  lines: [line(), emptyLine()],
  images: attachmentsOf(),
  ...over,
});

/** The schema's messages by form path ({} when the values pass). */
function problems(values: SaleValues): Record<string, string> {
  const result = saleSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('saleSchema', () => {
  it('accepts a complete sale, ignoring the trailing blank line', () => {
    expect(problems(valid())).toEqual({});
  });

  it("says 'Sale Date is required' and 'Select at least one product.' on their fields", () => {
    expect(problems(valid({ sale_date: '', lines: [emptyLine()] }))).toEqual({ sale_date: MESSAGES.saleDateRequired, lines: MESSAGES.itemsRequired });
  });

  it('names what a started line lacks, and a discount above quantity × price', () => {
    expect(problems(valid({ lines: [line({ product_id: '', quantity: '0', price_cents: null })] }))).toEqual({
      'lines.0.product_id': MESSAGES.productRequired,
      'lines.0.quantity': MESSAGES.quantityRequired,
      'lines.0.price_cents': MESSAGES.priceRequired,
    });
    expect(problems(valid({ lines: [line({ discount_cents: 25_500_001 })] }))).toEqual({ 'lines.0.discount_cents': MESSAGES.discountInvalid });
    expect(problems(valid({ lines: [line({ discount_cents: 25_500_000 })] }))).toEqual({});
  });

  it('refuses an image over 4 MB with the spec message', () => {
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 4 * 1024 * 1024 + 1 });
    expect(problems(valid({ images: { existing: [], files: [big] } }))).toEqual({ images: MESSAGES.maxFileSize });
  });
});

describe('lines', () => {
  it('totals quantity × price − discount in whole centavos', () => {
    expect(lineTotal(line({ discount_cents: 1_000_000 }))).toBe(24_500_000);
    expect(lineTotal(line({ quantity: '' }))).toBeNull();
    expect(lineTotal(line({ discount_cents: 30_000_000 }))).toBeNull();
  });

  it("a picked product brings its price (kept when the same product is picked again) and its stock", () => {
    const product = { id: 10, code: 'P-10', name: 'Café', kind: 'goods' as const, iva_class: '5' as const, price_cents: 9_000_000, quantity: 4 };
    expect(pickedLine(emptyLine(), product)).toMatchObject({ product_id: '10', price_cents: 9_000_000, stock: 4, iva_class: '5' });
    expect(pickedLine(line({ price_cents: 100 }), product).price_cents).toBe(100);
    expect(pickedLine(line({ product_id: '11', price_cents: 100 }), product).price_cents).toBe(9_000_000);
    expect(isBlankLine(emptyLine())).toBe(true);
  });
});

describe('quote and save', () => {
  it('asks for a quote once a customer, a date and a priced line are there, with the priced lines only', () => {
    expect(quoteRequest(valid({ customer_id: '' }))).toBeNull();
    expect(quoteRequest(valid({ lines: [line({ quantity: '' })] }))).toBeNull();
    expect(quoteRequest(valid({ lines: [line({ discount_cents: 500 }), line({ product_id: '11', quantity: '' }), emptyLine()] }))).toEqual({
      sale_date: '2026-11-25',
      customer_id: 7,
      lines: [{ product_id: 10, quantity: 3, price_cents: 8_500_000, discount_cents: 500 }],
    });
  });

  it('sends the sale as the data part, each new image as an images part, and the images taken away on edit', () => {
    const stored = { ...valid(), images: attachmentsOf([{ id: 4, url: '/a/4' }, { id: 5, url: '/a/5' }]) };
    const png = new File(['x'], 'foto.png', { type: 'image/png' });
    const now = { ...stored, customer_reference: ' OC-9 ', images: { existing: [{ id: 5, url: '/a/5' }], files: [png] } };
    const body = saleFormData(now, stored);
    expect(JSON.parse(body.get('data') as string)).toEqual({
      sale_date: '2026-11-25',
      customer_id: 7,
      store_id: 2,
      customer_reference: 'OC-9',
      note: '',
      lines: [{ product_id: 10, quantity: 3, price_cents: 8_500_000, discount_cents: 0 }],
      remove_image_ids: [4],
    });
    expect((body.getAll('images') as File[]).map((f) => f.name)).toEqual(['foto.png']);
  });

  it('edits a stored sale with an empty line to type the next product in', () => {
    const sale = {
      sale_date: '2026-11-20',
      customer_id: 7,
      store_id: 2,
      customer_reference: 'OC-1',
      note: 'n',
      images: [],
      lines: [{ product_id: 10, product_code: 'P-10', product_name: 'Café', iva_class: '19', kind: 'goods', quantity: 2, price_cents: 100, discount_cents: 0 }],
    } as unknown as Sale;
    const values = saleValues(sale);
    expect(values.lines).toHaveLength(2);
    expect(values.lines[0]).toMatchObject({ product_id: '10', quantity: '2', price_cents: 100 });
    expect(isBlankLine(values.lines[1]!)).toBe(true);
  });
});
