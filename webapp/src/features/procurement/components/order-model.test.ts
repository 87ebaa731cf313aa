import { describe, expect, it } from 'vitest';
import { attachmentsOf } from '@/components/document-form';
import { balanceAfter, orderFormData, orderSchema, orderValues, receiptFormData, receiptSchema } from './order-model';

/** The schema's messages by path ({} when the values pass). */
function problems(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, values: unknown) {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

const none = attachmentsOf();
const stored = attachmentsOf([{ id: 7, url: '/api/attachments/7' }]);

describe('purchase order form', () => {
  it('wants a category, a product and a whole quantity above 0; the image is optional', () => {
    expect(problems(orderSchema, { category_id: '', product_id: '', quantity: '0', note: '', image: none })).toEqual({
      category_id: 'validation.categoryRequired',
      product_id: 'validation.productRequired',
      quantity: 'validation.quantityPositive',
    });
    expect(problems(orderSchema, { category_id: '1', product_id: '2', quantity: '2.5', note: '', image: none })).toEqual({ quantity: 'validation.quantityPositive' });
    expect(problems(orderSchema, { category_id: '1', product_id: '2', quantity: ' 12 ', note: '', image: none })).toEqual({});
  });

  it('starts from the stored order', () => {
    const image = { id: 7, url: '/api/attachments/7' };
    expect(orderValues({ category_id: 1, product_id: 2, quantity: 5, note: 'n', image })).toEqual({ category_id: '1', product_id: '2', quantity: '5', note: 'n', image: stored });
    expect(orderValues()).toEqual({ category_id: '', product_id: '', quantity: '', note: '', image: none });
  });

  it('sends the new image, or asks to remove the stored one, or neither', () => {
    const file = new File(['x'], 'oc.png', { type: 'image/png' });
    const body = orderFormData({ category_id: '1', product_id: '2', quantity: ' 5 ', note: 'n', image: { existing: [], files: [file] } }, stored);
    expect([body.get('quantity'), (body.get('image') as File).name, body.has('remove_image')]).toEqual(['5', 'oc.png', false]);
    expect(orderFormData({ category_id: '1', product_id: '2', quantity: '5', note: '', image: none }, stored).get('remove_image')).toBe('true');
    const kept = orderFormData({ category_id: '1', product_id: '2', quantity: '5', note: '', image: stored }, stored);
    expect([kept.has('image'), kept.has('remove_image')]).toEqual([false, false]);
  });
});

describe('receipts', () => {
  it('may not exceed the balance', () => {
    const receipt = (quantity: string) => ({ quantity, note: '', image: none });
    expect(problems(receiptSchema(4), receipt('4'))).toEqual({});
    expect(problems(receiptSchema(4), receipt('5'))).toEqual({ quantity: 'validation.exceedsBalance' });
    expect(problems(receiptSchema(4), receipt('0'))).toEqual({ quantity: 'validation.quantityPositive' });
    expect(problems(receiptSchema(null), receipt('9'))).toEqual({});
  });

  it('shows the balance left while typing', () => {
    expect(balanceAfter(10, '4')).toBe(6);
    expect(balanceAfter(10, '')).toBe(10);
    expect(balanceAfter(3, '7')).toBe(0);
    expect(receiptFormData({ quantity: '3', note: 'caja', image: none }, none).get('note')).toBe('caja');
  });
});
