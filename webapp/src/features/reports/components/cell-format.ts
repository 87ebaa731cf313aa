/**
 * How a report's cell is written, by its column's kind: money as the app writes COP (formatCop),
 * dates in the interface language (lib/dates), months in words (lib/dates), codes in words (`reports:values.<code>`), counts grouped, percents
 * from basis points without a binary fraction (1234 → "12,34 %").
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToDecimal, formatCop, formatCopCompact } from '@/components/form/money';
import { useDates } from '@/lib/dates/use-dates';
import type { ColumnKind } from '../api/reports';

/** Kinds whose cells are numbers, aligned to the end and summed in the totals row. */
export const NUMERIC_KINDS: readonly ColumnKind[] = ['money', 'int', 'quantity', 'percent', 'days'];

/** Writes a cell's value; null and absent values are an empty cell. */
export type CellFormat = (kind: ColumnKind, value: unknown) => string;

function numberFormat(language: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return new Intl.NumberFormat(!language || language.startsWith('es') ? 'es-CO' : language, options);
}

/** The formatters of the interface language. */
export function useCellFormat(): { cell: CellFormat; axis: (kind: ColumnKind, value: number) => string } {
  const dates = useDates();
  const { t } = useTranslation('reports');
  const language = dates.language;
  return useMemo(() => {
    const whole = numberFormat(language, { maximumFractionDigits: 0 });
    const hundredths = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const cell: CellFormat = (kind, value) => {
      if (value === null || value === undefined || value === '') return '';
      switch (kind) {
        case 'money':
          return typeof value === 'number' ? formatCop(value) : String(value);
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
    const axis = (kind: ColumnKind, value: number) => (kind === 'money' ? formatCopCompact(value, language) : whole.format(value));
    return { cell, axis };
    // dates.date depends only on the language: the formatters are made again when it changes.
  }, [language, t]);
}
