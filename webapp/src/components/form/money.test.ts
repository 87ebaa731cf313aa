import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { centsToDecimal, centsToInput, formatCop, MAX_CENTS, moneyFormat, parseCop, roundToPesos } from './money';

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

describe('one money formatter per language', () => {
  it('writes an amount alike in a table, a form and a chart: es-CO in Spanish, English separators in English', () => {
    const en = moneyFormat('en');
    const es = moneyFormat('es');
    // The chart's tooltip and the table cell are one function.
    expect(plain(en.exact(123_456_700))).toBe('$1,234,567');
    expect(plain(en.exact(123_456_750))).toBe('$1,234,567.50');
    expect(plain(formatCop(123_456_750, 'en'))).toBe('$1,234,567.50');
    expect(plain(formatCop(-8_500_000, 'en'))).toBe('-$85,000');
    expect(plain(es.exact(123_456_700))).toBe('$ 1.234.567');
    expect(plain(formatCop(123_456_750, 'es'))).toBe('$ 1.234.567,50');
    expect(plain(es.exact(-850_000))).toBe('-$ 8.500');
    // "es-CO", "en-US": the language, not the region, chooses.
    expect(plain(formatCop(123_456_750, 'es-CO'))).toBe('$ 1.234.567,50');
    expect(plain(formatCop(123_456_750, 'en-US'))).toBe('$1,234,567.50');
  });

  it('formatCop follows the interface language when none is given', async () => {
    await i18n.changeLanguage('en');
    try {
      expect(plain(formatCop(123_456_750))).toBe('$1,234,567.50');
    } finally {
      await i18n.changeLanguage('es');
    }
    expect(plain(formatCop(123_456_750))).toBe('$ 1.234.567,50');
  });

  it('writes a chart axis short, "$1.5M" in English, "$1,5 M" in Spanish — never "COP 1.5M" — and names COP once', () => {
    const en = moneyFormat('en');
    expect(plain(en.axis(150_000_000))).toBe('$1.5M');
    expect(plain(moneyFormat('es').axis(150_000_000))).toBe('$1,5 M');
    expect(plain(en.axis(95_000_000))).toBe('$950K');
    // A tick between centavos is rounded, not passed through a binary fraction.
    expect(plain(en.exact(1_000.4))).toBe('$10');
    expect(en.currency).toBe('COP');
    expect(moneyFormat('')).toBe(moneyFormat(''));
    expect(moneyFormat(undefined)).toBe(moneyFormat(undefined));
    expect(plain(moneyFormat('').axis(150_000_000))).toBe('$1,5 M');
  });

  it('writes whole pesos at a glance, rounded half away from zero', () => {
    expect(plain(moneyFormat('es').whole(4_576_229_823))).toBe('$ 45.762.298');
    expect(plain(moneyFormat('es').whole(4_576_229_850))).toBe('$ 45.762.299');
    expect(plain(moneyFormat('en').whole(4_576_229_850))).toBe('$45,762,299');
    expect(plain(moneyFormat('es').whole(-4_576_229_850))).toBe('-$ 45.762.299');
    expect(plain(moneyFormat('es').whole(-49))).toBe('$ 0');
    expect(plain(moneyFormat('es').whole(900_719_925_474_099))).toBe('$ 9.007.199.254.741');
  });
});

describe('roundToPesos', () => {
  it.each([
    [0, 0],
    [49, 0],
    [50, 100],
    [99, 100],
    [100, 100],
    [4_576_229_823, 4_576_229_800],
    [4_576_229_850, 4_576_229_900],
    [-49, 0],
    [-50, -100],
    [-4_576_229_850, -4_576_229_900],
    [900_719_925_474_099, 900_719_925_474_100],
  ])('%d → %d', (cents, pesos) => {
    expect(Object.is(roundToPesos(cents), pesos)).toBe(true);
  });

  it('refuses a fraction of a centavo', () => {
    expect(() => roundToPesos(1.5)).toThrow(RangeError);
  });
});
