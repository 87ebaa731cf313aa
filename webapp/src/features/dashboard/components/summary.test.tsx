import { describe, expect, it } from 'vitest';
import { changeBasisPoints, figureSize } from './summary';

describe('change against last month', () => {
  it('is in whole basis points, signed, and absent without a base', () => {
    expect(changeBasisPoints(123_45, 100_00)).toBe(2345);
    expect(changeBasisPoints(87_654_321_00, 99_999_999_00)).toBe(-1235);
    expect(changeBasisPoints(0, 5_00)).toBe(-10000);
    expect(changeBasisPoints(5_00, 0)).toBeNull();
  });
});

describe('the KPI figures', () => {
  it('are text-xl with room, else as large as lets the longest figure fit its card', () => {
    expect(figureSize(15)).toBe('min(1.25rem, 10.41cqi)');
    // 15 characters of at most 0.64 em each at 10.41 % of the card's width fill at most the card.
    expect(15 * 0.64 * 10.41).toBeLessThanOrEqual(100);
    expect(figureSize(0)).toBe('min(1.25rem, 156.25cqi)');
  });
});
