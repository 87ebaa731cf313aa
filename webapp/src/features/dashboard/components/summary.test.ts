import { describe, expect, it } from 'vitest';
import { changeBasisPoints } from './summary';

describe('change against last month', () => {
  it('is in whole basis points, signed, and absent without a base', () => {
    expect(changeBasisPoints(123_45, 100_00)).toBe(2345);
    expect(changeBasisPoints(87_654_321_00, 99_999_999_00)).toBe(-1235);
    expect(changeBasisPoints(0, 5_00)).toBe(-10000);
    expect(changeBasisPoints(5_00, 0)).toBeNull();
  });
});
