import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './nav-items';

describe('the menu', () => {
  it('draws every entry with an icon of its own (adding a purchase order shares its list’s)', () => {
    const byIcon = new Map<string, string[]>();
    for (const item of NAV_ITEMS) byIcon.set(item.icon, [...(byIcon.get(item.icon) ?? []), item.path]);
    const shared = [...byIcon.entries()].filter(([, paths]) => paths.length > 1);
    expect(shared).toEqual([['clipboard', ['/purchase-order/list', '/purchase-order/add']]]);
  });
});
