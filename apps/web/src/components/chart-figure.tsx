import { Component, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { translate, useTranslate } from '../i18n/i18n.ts';
import type { ChartProps } from './chart.tsx';

const Chart = lazy(() => import('./chart.tsx'));

export interface ChartFigureProps extends ChartProps {
  title: string;
  /** The same numbers as the chart, for the "Show as table" view. */
  table: { columns: readonly string[]; rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }> };
  /** What the chart's colours mean, shown under it. */
  legend?: ReactNode;
}

/** Where a chart cannot be drawn (no canvas), says so and points to the table instead of failing the page. */
class ChartFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <p className="text-body-secondary">{translate('chart.failed')}</p>;
  }
}

/**
 * A titled chart with a "Show as table" toggle that swaps it for a table of the same numbers: the
 * chart is a named image to assistive technology, the table is the way to read it.
 */
export function ChartFigure({ title, table, legend, ...chart }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const t = useTranslate();
  const tableLabel = t('chart.tableLabel', { title });
  return (
    <section className="card shadow-sm h-100" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h2 id={headingId} className="h6 mb-0">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
          >
            {t('chart.asTable')}
          </button>
        </div>
        {asTable ? (
          // A scrolling table must be reachable by keyboard to be scrolled (WCAG 2.1.1).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          <section className="table-responsive stats-table" tabIndex={0} aria-label={tableLabel}>
            <table className="table table-sm table-striped mb-0">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key}>
                    {row.cells.map((cell, column) => (
                      <td key={table.columns[column]}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : (
          <ChartFallback>
            <Suspense
              fallback={
                <div className="stats-chart" style={{ height: chart.height ?? 240 }} role="status">
                  <span className="visually-hidden">Loading the chart…</span>
                </div>
              }
            >
              <Chart {...chart} />
              {legend}
            </Suspense>
          </ChartFallback>
        )}
      </div>
    </section>
  );
}
