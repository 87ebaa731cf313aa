import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../api/reports';
import { rowKeys } from './report-table';

describe('rowKeys', () => {
  const path = (row: ReportRow) => (typeof row.id === 'number' ? `/report/customers_report/${row.id}` : null);

  it('keys a row by where it leads, so a new answer never gives one row another party', () => {
    const before = rowKeys([{ id: 8 }, { id: 85 }], path);
    const after = rowKeys([{ id: 85 }, { id: 8 }], path);
    expect(after[0]).toBe(before[1]);
    expect(after[1]).toBe(before[0]);
  });

  it('tells repeated destinations apart and falls back to the place for rows leading nowhere', () => {
    expect(rowKeys([{ id: 1 }, { id: 1 }, { x: 1 }], path)).toEqual([
      '/report/customers_report/1#1',
      '/report/customers_report/1#2',
      '#2',
    ]);
  });
});
