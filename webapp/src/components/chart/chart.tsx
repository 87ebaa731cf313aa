/**
 * The app's one chart (bar, line or stacked bars over labelled points), drawn by Chart.js in a
 * module loaded with React.lazy (chart-canvas.tsx): the library is fetched the first time a
 * chart shows, so it never ships with /login or the shell. Callers pass whole numbers (centavos,
 * units) and how to write them.
 */
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { ChartCanvasProps } from './chart-canvas';

const ChartCanvas = lazy(() => import('./chart-canvas'));

export type { ChartSeries } from './chart-canvas';

/** Props of Chart: the canvas's, and its height in pixels. */
export type ChartProps = ChartCanvasProps & { height?: number; testId?: string };

/**
 * The chart type drawn: a line needs two points — one alone would be a lone dot — so a line
 * over fewer than two labels is drawn as bars.
 */
export function drawnType(type: ChartProps['type'], points: number): ChartProps['type'] {
  return type === 'line' && points < 2 ? 'bar' : type;
}

/** A chart filling its parent's width at the given height; a spinner while the library loads. */
export function Chart({ height = 280, testId, ...canvas }: ChartProps) {
  return (
    <div className="relative w-full min-w-0" style={{ height }} data-testid={testId}>
      <Suspense
        fallback={
          <div className="flex h-full items-center justify-center text-muted">
            <Spinner />
          </div>
        }
      >
        <ChartCanvas {...canvas} type={drawnType(canvas.type, canvas.labels.length)} />
      </Suspense>
    </div>
  );
}
