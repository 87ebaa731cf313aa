import { describe, expect, it } from 'vitest';
import { balanceAfter, orderFormData, receiptFormData, validateOrder, validateReceipt } from './order-model';

describe('purchase order form', () => {
  it('wants a category, a product and a whole quantity above 0', () => {
    expect(validateOrder({ category_id: '', product_id: '', quantity: '0', note: '' })).toEqual({
      category_id: 'validation.categoryRequired',
      product_id: 'validation.productRequired',
      quantity: 'validation.quantityPositive',
    });
    expect(validateOrder({ category_id: '1', product_id: '2', quantity: '2.5', note: '' })).toEqual({ quantity: 'validation.quantityPositive' });
    expect(validateOrder({ category_id: '1', product_id: '2', quantity: ' 12 ', note: '' })).toEqual({});
  });

  it('sends the image, or asks to remove the old one', () => {
    const image = new File(['x'], 'oc.png', { type: 'image/png' });
    const body = orderFormData({ category_id: '1', product_id: '2', quantity: ' 5 ', note: 'n' }, image, true);
    expect([body.get('quantity'), (body.get('image') as File).name, body.has('remove_image')]).toEqual(['5', 'oc.png', false]);
    expect(orderFormData({ category_id: '1', product_id: '2', quantity: '5', note: '' }, null, true).get('remove_image')).toBe('true');
  });
});

describe('receipts', () => {
  it('may not exceed the balance', () => {
    expect(validateReceipt({ quantity: '4', note: '' }, 4)).toEqual({});
    expect(validateReceipt({ quantity: '5', note: '' }, 4)).toEqual({ quantity: 'validation.exceedsBalance' });
    expect(validateReceipt({ quantity: '0', note: '' }, 4)).toEqual({ quantity: 'validation.quantityPositive' });
    expect(validateReceipt({ quantity: '9', note: '' }, null)).toEqual({});
  });

  it('shows the balance left while typing', () => {
    expect(balanceAfter(10, '4')).toBe(6);
    expect(balanceAfter(10, '')).toBe(10);
    expect(balanceAfter(3, '7')).toBe(0);
    expect(receiptFormData({ quantity: '3', note: 'caja' }, null, false).get('note')).toBe('caja');
  });
});
