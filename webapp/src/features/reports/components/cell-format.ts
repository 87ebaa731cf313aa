/**
 * How a report's cell is written, by its column's kind: money as the app writes COP in the
 * interface language (moneyFormat, the same formatter as the chart beside the table),
 * dates in the interface language (lib/dates), months in words (lib/dates), codes in words (`reports:values.<code>`), counts grouped, percents
 * from basis points without a binary fraction (1234 → "12,34 %").
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToDecimal, moneyFormat, numberLocale } from '@/components/form/money';
import { useDates } from '@/lib/dates/use-dates';
import type { ColumnKind } from '../api/reports';

/** Kinds whose cells are numbers, aligned to the end and summed in the totals row. */
export const NUMERIC_KINDS: readonly ColumnKind[] = ['money', 'int', 'quantity', 'percent', 'days'];

/** Writes a cell's value; null and absent values are an empty cell. */
export type CellFormat = (kind: ColumnKind, value: unknown) => string;

/** How a chart of one kind of value writes it: its tooltip, its axis, and the unit its axis names. */
export interface ChartFormat {
  format: (value: number) => string;
  formatAxis: (value: number) => string;
  unit?: string;
}

/** The formatters of the interface language. */
export function useCellFormat(): { cell: CellFormat; chart: (kind: ColumnKind) => ChartFormat } {
  const dates = useDates();
  const { t } = useTranslation('reports');
  const language = dates.language;
  return useMemo(() => {
    const locale = numberLocale(language);
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const hundredths = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const money = moneyFormat(language);
    const cell: CellFormat = (kind, value) => {
      if (value === null || value === undefined || value === '') return '';
      switch (kind) {
        case 'money':
          return typeof value === 'number' ? money.exact(value) : String(value);
        case 'date':
          return dates.date(String(value).slice(0, 10));
        case 'month':
          return dates.month(String(value));
        case 'percent':
          return typeof value === 'number' ? `${hundredths.format(centsToDecimal(value) as Intl.StringNumericLiteral)} %` : String(value);
        case 'enum':
          return t(`values.${String(value)}`, { defaultValue: String(value) });
        case 'int':
        case 'quantity':
        case 'days':
          return typeof value === 'number' ? whole.format(value) : String(value);
        default:
          return String(value);
      }
    };
    // A chart's tooltip writes a value as its cell does; counts and percents are grouped on the axis, money short.
    const chart = (kind: ColumnKind): ChartFormat => {
      if (kind !== 'money') return { format: (v) => cell(kind, v), formatAxis: (v) => whole.format(v) };
      return { format: money.exact, formatAxis: money.axis, unit: money.currency };
    };
    return { cell, chart };
    // dates.date depends only on the language: the formatters are made again when it changes.
  }, [language, t]);
}
