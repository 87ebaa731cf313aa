/**
 * A report's chart as the server describes it (`chart`: type, the x column, the series columns)
 * on the app's lazily loaded chart.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/chart/chart';
import type { ReportChart as ChartHint, ReportColumn, ReportRow } from '../api/reports';
import { useCellFormat } from './cell-format';

/** Props of ReportChart. */
export interface ReportChartProps {
  chart: ChartHint;
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  label: string;
}

/** The chart, or nothing when the page has none or no rows. */
export function ReportChart({ chart, columns, rows, label }: ReportChartProps) {
  const { t } = useTranslation('reports');
  const format = useCellFormat();
  const x = chart.x || columns[0]?.key || '';
  const xKind = columns.find((c) => c.key === x)?.kind ?? 'text';
  const seriesKeys = (chart.series ?? []).join(',');
  const kind = columns.find((c) => c.key === chart.series?.[0])?.kind ?? 'money';
  const labels = useMemo(() => rows.map((r) => format.cell(xKind, r[x])), [rows, x, xKind, format]);
  const series = useMemo(
    () =>
      (seriesKeys ? seriesKeys.split(',') : []).map((key) => ({
        label: t(`columns.${key}`),
        values: rows.map((r) => (typeof r[key] === 'number' ? (r[key] as number) : 0)),
      })),
    [rows, seriesKeys, t],
  );
  const values = useMemo(() => format.chart(kind), [format, kind]);
  if (chart.type === 'none' || series.length === 0 || rows.length === 0) return null;
  return <Chart type={chart.type} labels={labels} series={series} {...values} label={label} testId="report-chart" />;
}
