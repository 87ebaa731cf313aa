import { describe, expect, it } from 'vitest';
import { attachmentsOf } from '@/components/document-form';
import { isBlankLine, MESSAGES, newReturn, quoteRequest, returnBody, returnSchema, typedQuantity, type ReturnValues } from './return-form-model';

const limits = {
  lines: [
    { purchase_line_id: 11, product_name: 'Arroz 500 g', returnable_quantity: 8 },
    { purchase_line_id: 12, product_name: 'Aceite 1 L', returnable_quantity: 0 },
  ],
  returnableCents: 500_000_00,
};
const say = (key: string, params: Record<string, string | number>) => `${key} ${JSON.stringify(params)}`;
const money = (cents: number) => `$${cents / 100}`;
const schema = returnSchema(limits, say, money);

const values = (over: Partial<ReturnValues> = {}): ReturnValues => ({
  return_date: '2026-11-25',
  reference_no: 'DEV-1',
  note: '',
  kind: 'goods',
  lines: [
    { purchase_line_id: 11, quantity: '2' },
    { purchase_line_id: 12, quantity: '' },
  ],
  value_cents: null,
  images: attachmentsOf(),
  ...over,
});

/** The messages of a check, by field path. */
function issues(v: ReturnValues): Record<string, string> {
  const result = schema.safeParse(v);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('return form model', () => {
  it('starts today with every line of the purchase and nothing typed', () => {
    const start = newReturn(limits.lines);
    expect(start.return_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(start.kind).toBe('goods');
    expect(start.lines).toEqual([
      { purchase_line_id: 11, quantity: '' },
      { purchase_line_id: 12, quantity: '' },
    ]);
    expect(start.value_cents).toBeNull();
  });

  it('reads typed quantities as whole units', () => {
    expect([typedQuantity(''), typedQuantity(' 0 '), typedQuantity(' 3 '), typedQuantity('2.5'), typedQuantity('-1'), typedQuantity('1234567890')]).toEqual([0, 0, 3, null, null, null]);
    expect(isBlankLine({ purchase_line_id: 1, quantity: '00' })).toBe(true);
    expect(isBlankLine({ purchase_line_id: 1, quantity: 'x' })).toBe(false);
  });

  it('accepts a goods return within what each line may still give back', () => {
    expect(issues(values())).toEqual({});
    expect(issues(values({ lines: [{ purchase_line_id: 11, quantity: '8' }, { purchase_line_id: 12, quantity: '' }] }))).toEqual({});
  });

  it('requires the date and the reference number (spec §5)', () => {
    expect(issues(values({ return_date: '', reference_no: '   ' }))).toEqual({ return_date: MESSAGES.dateRequired, reference_no: MESSAGES.referenceRequired });
    expect(issues(values({ reference_no: 'x'.repeat(101) }))).toEqual({ reference_no: MESSAGES.referenceTooLong });
  });

  it('refuses more than a line may give back, naming the product and how many can go', () => {
    expect(issues(values({ lines: [{ purchase_line_id: 11, quantity: '9' }, { purchase_line_id: 12, quantity: '1' }] }))).toEqual({
      'lines.0.quantity': say(MESSAGES.quantityOver, { product: 'Arroz 500 g', count: 8 }),
      'lines.1.quantity': say(MESSAGES.quantityOver, { product: 'Aceite 1 L', count: 0 }),
    });
    expect(issues(values({ lines: [{ purchase_line_id: 11, quantity: '1,5' }, { purchase_line_id: 12, quantity: '' }] }))).toEqual({ 'lines.0.quantity': MESSAGES.quantityInvalid });
  });

  it('asks for at least one line of a goods return', () => {
    expect(issues(values({ lines: [{ purchase_line_id: 11, quantity: '0' }, { purchase_line_id: 12, quantity: '' }] }))).toEqual({ lines: MESSAGES.linesRequired });
  });

  it('checks a value-only return against what the purchase may still take back, ignoring the lines', () => {
    const lines = [{ purchase_line_id: 11, quantity: '99' }];
    expect(issues(values({ kind: 'value', lines, value_cents: 100_000_00 }))).toEqual({});
    expect(issues(values({ kind: 'value', lines, value_cents: null }))).toEqual({ value_cents: MESSAGES.valueRequired });
    expect(issues(values({ kind: 'value', lines, value_cents: 0 }))).toEqual({ value_cents: MESSAGES.valueRequired });
    expect(issues(values({ kind: 'value', lines, value_cents: 500_000_01 }))).toEqual({ value_cents: say(MESSAGES.valueOver, { amount: '$500000' }) });
  });

  it('asks the quote only once there is something to price', () => {
    expect(quoteRequest(7, values({ lines: [{ purchase_line_id: 11, quantity: '' }] }))).toBeNull();
    expect(quoteRequest(7, values({ lines: [{ purchase_line_id: 11, quantity: 'abc' }] }))).toBeNull();
    expect(quoteRequest(7, values())).toEqual({ purchase_id: 7, kind: 'goods', lines: [{ purchase_line_id: 11, quantity: 2 }], value_cents: 0 });
    // Over the limit is still asked: the server's answer names the product.
    expect(quoteRequest(7, values({ lines: [{ purchase_line_id: 11, quantity: '9' }] }))?.lines).toEqual([{ purchase_line_id: 11, quantity: 9 }]);
    expect(quoteRequest(7, values({ kind: 'value', value_cents: null }))).toBeNull();
    expect(quoteRequest(7, values({ kind: 'value', value_cents: 250_00 }))).toEqual({ purchase_id: 7, kind: 'value', lines: [], value_cents: 250_00 });
  });

  it("sends only the chosen kind's figures, texts trimmed", () => {
    expect(returnBody(values({ reference_no: ' DEV-1 ', note: ' golpeado ', value_cents: 5_00 }), 7)).toEqual({
      purchase_id: 7,
      return_date: '2026-11-25',
      reference_no: 'DEV-1',
      note: 'golpeado',
      kind: 'goods',
      lines: [{ purchase_line_id: 11, quantity: 2 }],
      value_cents: 0,
    });
    expect(returnBody(values({ kind: 'value', value_cents: 5_00 }), 7)).toMatchObject({ kind: 'value', lines: [], value_cents: 5_00 });
  });
});
