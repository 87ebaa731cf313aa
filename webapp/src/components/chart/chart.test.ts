import { describe, expect, it } from 'vitest';
import { drawnType } from './chart';

describe('chart type drawn', () => {
  it('never draws a line of one point (a lone dot): bars instead', () => {
    expect(drawnType('line', 1)).toBe('bar');
    expect(drawnType('line', 0)).toBe('bar');
    expect(drawnType('line', 2)).toBe('line');
    expect(drawnType('bar', 1)).toBe('bar');
    expect(drawnType('stacked', 1)).toBe('stacked');
  });
});
