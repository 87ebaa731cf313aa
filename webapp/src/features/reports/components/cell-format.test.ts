import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { useCellFormat } from './cell-format';

function format() {
  return renderHook(() => useCellFormat()).result.current;
}

function cell(kind: Parameters<ReturnType<typeof format>['cell']>[0], value: unknown): string {
  return format().cell(kind, value).replace(/\u00a0/g, ' ');
}

describe('report cells by kind (es)', () => {
  it('writes money as the app writes COP, counts grouped, percents from basis points exactly', () => {
    expect(cell('money', 123456700)).toBe('$ 1.234.567');
    expect(cell('money', 5)).toBe('$ 0,05');
    expect(cell('quantity', 12500)).toBe('12.500');
    expect(cell('percent', 1234)).toBe('12,34 %');
    expect(cell('percent', -5)).toBe('-0,05 %');
    expect(cell('days', 45)).toBe('45');
  });

  it('words codes, dates and months in the language; absent values are empty cells', () => {
    expect(cell('enum', 'opening')).toBe('Saldo inicial');
    expect(cell('enum', 'transfer')).toBe('Transferencia');
    expect(cell('enum', 'something_new')).toBe('something_new');
    expect(cell('date', '2026-11-02')).toBe('02/11/2026');
    expect(cell('month', '2026-11')).toMatch(/^nov\.? 2026$/);
    expect(cell('money', null)).toBe('');
    expect(cell('text', undefined)).toBe('');
  });

  it('charts money with the app’s one money formatter: short on the axis, whole in the tooltip, COP named once', () => {
    const money = format().chart('money');
    expect(money.formatAxis(150000000).replace(/\u00a0/g, ' ')).toBe('$1,5 M');
    expect(money.format(123456750).replace(/\u00a0/g, ' ')).toBe('$ 1.234.567,50');
    expect(money.unit).toBe('COP');
    const counts = format().chart('quantity');
    expect(counts.formatAxis(12500)).toBe('12.500');
    expect(counts.unit).toBeUndefined();
  });
});

describe('report cells and charts (en)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('writes money in the chart’s tooltip as in the cell beside it, with English separators like the counts', async () => {
    await i18n.changeLanguage('en');
    const { cell: write, chart } = format();
    const money = chart('money');
    const plain = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(plain(write('money', 123456700))).toBe('$1,234,567');
    expect(plain(money.format(123456700))).toBe(plain(write('money', 123456700)));
    expect(plain(write('money', 123456750))).toBe('$1,234,567.50');
    expect(plain(money.format(123456750))).toBe('$1,234,567.50');
    expect(plain(money.formatAxis(150000000))).toBe('$1.5M');
    expect(write('quantity', 12500)).toBe('12,500');
  });
});
