import { beforeEach, describe, expect, it } from 'vitest';
import { COLUMN_VISIBILITY_KEY, useColumnVisibility } from './column-visibility';

describe('column visibility', () => {
  beforeEach(() => {
    localStorage.clear();
    useColumnVisibility.setState({ hidden: {} });
  });

  it('hides and shows columns per list and remembers them in localStorage', () => {
    const { toggle } = useColumnVisibility.getState();
    toggle('product-list', 'cost');
    toggle('product-list', 'profit');
    toggle('customer-list', 'email');
    expect(useColumnVisibility.getState().hidden).toEqual({ 'product-list': ['cost', 'profit'], 'customer-list': ['email'] });
    expect(JSON.parse(localStorage.getItem(COLUMN_VISIBILITY_KEY)!).state.hidden).toEqual({
      'product-list': ['cost', 'profit'],
      'customer-list': ['email'],
    });
    toggle('product-list', 'cost');
    expect(useColumnVisibility.getState().hidden['product-list']).toEqual(['profit']);
    toggle('product-list', 'profit');
    // A list with nothing hidden leaves no entry behind.
    expect(useColumnVisibility.getState().hidden).toEqual({ 'customer-list': ['email'] });
    useColumnVisibility.getState().reset('customer-list');
    expect(useColumnVisibility.getState().hidden).toEqual({});
  });

  it('reads back what was stored, and ignores a damaged value', async () => {
    localStorage.setItem(COLUMN_VISIBILITY_KEY, JSON.stringify({ state: { hidden: { 'user-list': ['phone', 7], bad: 'x' } }, version: 0 }));
    await useColumnVisibility.persist.rehydrate();
    expect(useColumnVisibility.getState().hidden).toEqual({ 'user-list': ['phone'] });
    localStorage.setItem(COLUMN_VISIBILITY_KEY, JSON.stringify({ state: { hidden: ['nonsense'] }, version: 0 }));
    await useColumnVisibility.persist.rehydrate();
    expect(useColumnVisibility.getState().hidden).toEqual({});
  });
});
