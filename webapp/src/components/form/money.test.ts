import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToInput, chartMoney, formatCop, MAX_CENTS, parseCop } from './money';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('parseCop', () => {
  it.each([
    ['0', 0],
    ['1', 100],
    ['1234567', 123_456_700],
    ['1.234.567', 123_456_700],
    ['1.234.567,5', 123_456_750],
    ['1.234.567,05', 123_456_705],
    ['$ 1.234.567,50', 123_456_750],
    ['1234,5', 123_450],
    [',5', 50],
    ['1234.5', 123_450],
    ['1234.56', 123_456],
    ['0.1', 10],
    ['1.23', 123],
    ['12.500', 1_250_000],
    ['-85.000', -8_500_000],
    ['-0', 0],
    ['1000000000000', MAX_CENTS],
    // 0.1 + 0.2 style values stay exact: no floats on the way.
    ['0,29', 29],
    ['1.005,57', 100_557],
  ])('%s → %d centavos', (text, cents) => {
    expect(parseCop(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,2,3', '1,234', '12.34.5', '1.2345', '1,234.56', '--1', '1e5', '1000000000000,01', '99999999999999999'])(
    'rejects %j',
    (text) => {
      expect(parseCop(text)).toBeNull();
    },
  );
});

describe('formatting', () => {
  it('centsToDecimal is exact', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(123_456_789_012_345)).toBe('1234567890123.45');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('formatCop uses es-CO pesos, decimals only when there are centavos', () => {
    expect(plain(formatCop(123_456_700))).toBe('$ 1.234.567');
    expect(plain(formatCop(123_456_750))).toBe('$ 1.234.567,50');
    expect(plain(formatCop(5))).toBe('$ 0,05');
    expect(plain(formatCop(-8_500_000))).toBe('-$ 85.000');
    // Past 2^53 / 100 a float would lose the centavos.
    expect(plain(formatCop(900_719_925_474_099))).toBe('$ 9.007.199.254.740,99');
  });

  it('centsToInput gives text parseCop reads back', () => {
    for (const cents of [0, 5, 100, 123_456_750, -8_500_000, MAX_CENTS]) {
      expect(parseCop(centsToInput(cents))).toBe(cents);
    }
    expect(centsToInput(123_450)).toBe('1234,50');
    expect(centsToInput(100)).toBe('1');
  });
});

describe('chart money', () => {
  it('follows the language: "$1.5M" in English, "$1,5 M" in Spanish — never "COP 1.5M" — and names COP once', () => {
    const en = chartMoney('en');
    const es = chartMoney('es');
    expect(plain(en.axis(150_000_000))).toBe('$1.5M');
    expect(plain(es.axis(150_000_000))).toBe('$1,5 M');
    expect(plain(en.axis(95_000_000))).toBe('$950K');
    expect(plain(en.value(123_456_700))).toBe('$1,234,567');
    expect(plain(en.value(123_456_750))).toBe('$1,234,567.50');
    expect(plain(es.value(123_456_700))).toBe(plain(formatCop(123_456_700)));
    expect(plain(es.value(-850_000))).toBe('-$ 8.500');
    // A tick between centavos is rounded, not passed through a binary fraction.
    expect(plain(en.value(1_000.4))).toBe('$10');
    expect(en.currency).toBe('COP');
    expect(chartMoney('')).toBe(chartMoney(''));
    expect(plain(chartMoney('').axis(150_000_000))).toBe('$1,5 M');
  });
});
