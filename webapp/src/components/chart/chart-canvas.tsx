/**
 * The chart itself, the only module that imports Chart.js: ./chart.tsx loads it with
 * React.lazy, so the library ships in its own chunk, fetched when a chart is first drawn (never
 * with /login or the shell). Only the bar and line pieces are registered (Chart.js tree-shakes
 * the rest). The axes' colours come from the theme's CSS variables, read when the chart is drawn.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

/** One series drawn against the labels. */
export interface ChartSeries {
  label: string;
  values: number[];
}

/** Props of ChartCanvas. */
export interface ChartCanvasProps {
  type: 'bar' | 'line' | 'stacked';
  labels: string[];
  series: ChartSeries[];
  /** Writes a value on the axis and in the tooltip. */
  format: (value: number) => string;
  /** Short form for the axis (amounts in millions). */
  formatAxis: (value: number) => string;
  /** What the values are counted in, named once as the value axis's title ("COP"); none for counts. */
  unit?: string;
  label: string;
}

/**
 * Series colours, distinct from each other in light and dark themes. Not the theme's primary:
 * an amber or green primary would repeat one of them.
 */
const PALETTE = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#64748b'];

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** A responsive chart filling its parent's width. */
export default function ChartCanvas({ type, labels, series, format, formatAxis, unit, label }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const colors = PALETTE;
    const muted = cssVar('--bo-muted', '#64748b');
    const line = cssVar('--bo-line', '#e2e8f0');
    const stacked = type === 'stacked';
    const config: ChartConfiguration<'bar' | 'line'> = {
      type: type === 'line' ? 'line' : 'bar',
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          backgroundColor: colors[i % colors.length],
          borderColor: colors[i % colors.length],
          borderWidth: type === 'line' ? 2 : 0,
          pointRadius: type === 'line' ? 2 : 0,
          maxBarThickness: 28,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { color: muted, boxWidth: 12, boxHeight: 12 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } },
        },
        scales: {
          x: { stacked, ticks: { color: muted, maxRotation: 0, autoSkip: true }, grid: { display: false } },
          y: {
            stacked,
            ticks: { color: muted, callback: (v) => formatAxis(Number(v)), maxTicksLimit: 6 },
            title: { display: Boolean(unit), text: unit ?? '', color: muted },
            grid: { color: line },
          },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [type, labels, series, format, formatAxis, unit]);
  return <canvas ref={canvas} role="img" aria-label={label} data-testid="report-chart-canvas" />;
}
