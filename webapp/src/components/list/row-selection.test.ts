import { describe, expect, it, vi } from 'vitest';
import { decideAll } from './bulk-decision';
import { keptSelection, selectableKeys, toggledAll, toggledOne } from './row-selection';

describe('row selection', () => {
  const rows = [
    { id: 1, status: 'pending' },
    { id: 2, status: 'approved' },
    { id: 3, status: 'pending' },
  ];
  const selection = { selectable: (r: { status: string }) => r.status === 'pending' };

  it('ticks only the selectable rows, all or none of the page', () => {
    const keys = selectableKeys(rows, selection, (r) => r.id);
    expect(keys).toEqual([1, 3]);
    expect([...toggledAll(new Set(), keys)]).toEqual([1, 3]);
    expect([...toggledAll(new Set([1]), keys)]).toEqual([1, 3]);
    expect([...toggledAll(new Set([1, 3, 9]), keys)]).toEqual([9]);
    expect([...toggledOne(new Set([1]), 1)]).toEqual([]);
    expect([...keptSelection(new Set([1, 9]), keys)]).toEqual([1]);
  });

  it('decides every row one after the other and reports which were refused', async () => {
    const decide = vi.fn(async (row: { id: number }, _approve: boolean, _reason?: string) => {
      if (row.id === 3) throw new Error('The payment exceeds the balance due ($ 0).');
    });
    const outcome = await decideAll(rows, decide, false, 'Cuenta errada');
    expect(decide.mock.calls.map((c) => [c[0].id, c[1], c[2]])).toEqual([
      [1, false, 'Cuenta errada'],
      [2, false, 'Cuenta errada'],
      [3, false, 'Cuenta errada'],
    ]);
    expect(outcome.done.map((r) => r.id)).toEqual([1, 2]);
    expect(outcome.failed.map((f) => f.row.id)).toEqual([3]);
  });
});
