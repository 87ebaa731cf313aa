import { describe, expect, it } from 'vitest';
import { formatRate } from './totals-panel';

/** The non-breaking space Spanish puts between a number and its percent sign. */
const nbsp = '\u00a0';

describe('formatRate', () => {
  it('writes the server\'s rates the Spanish way: decimal comma, a space before the sign', () => {
    expect(formatRate('2.5%', 'es')).toBe(`2,5${nbsp}%`);
    expect(formatRate('2.5% + 4%', 'es')).toBe(`2,5${nbsp}% + 4${nbsp}%`);
    expect(formatRate('15%', 'es')).toBe(`15${nbsp}%`);
    expect(formatRate('0.4%', 'es')).toBe(`0,4${nbsp}%`);
  });

  it('keeps the English way in English', () => {
    expect(formatRate('2.5%', 'en')).toBe('2.5%');
    expect(formatRate('3.5% + 6%', 'en')).toBe('3.5% + 6%');
  });

  it('writes the partial languages as Spanish, their fallback', () => {
    expect(formatRate('2.5%', 'ar')).toBe(`2,5${nbsp}%`);
    expect(formatRate('2.5%', 'zh-cn')).toBe(`2,5${nbsp}%`);
  });

  it('passes text that is not a rate unchanged', () => {
    expect(formatRate('', 'es')).toBe('');
    expect(formatRate('exento', 'es')).toBe('exento');
  });
});
