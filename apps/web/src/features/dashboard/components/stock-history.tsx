import { STOCK_SERIES_PERIODS } from '@walton/contract';
import { useMemo, useState } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { QueryError } from '../../inventory/components/query-error.tsx';
import { formatCount } from '../../inventory/format.ts';
import { useStockSeries } from '../api/get-stats.ts';
import { ChartFigure } from './chart-figure.tsx';
import { PeriodToggle } from './period-toggle.tsx';

type Period = (typeof STOCK_SERIES_PERIODS)[number];

const COLORS = { quantity: '#0a58ca', restock: '#146c43' };

/** The detail page's chart: the item's quantity at the end of each day, restocks marked. */
export function StockHistory({ id, name }: { id: string; name: string }) {
  const [period, setPeriod] = useState<Period>(30);
  const series = useStockSeries(id, period);
  const chart = useMemo(() => {
    const points = series.data?.points ?? [];
    return {
      days: points.map((point) => point.day),
      lines: [
        {
          label: 'Quantity',
          color: COLORS.quantity,
          shape: 'step' as const,
          values: points.map((p) => p.quantity),
        },
        {
          label: 'Restocked',
          color: COLORS.restock,
          shape: 'marks' as const,
          values: points.map((p) => (p.restocked > 0 ? p.quantity : null)),
        },
      ],
    };
  }, [series.data]);

  return (
    <div className="mt-4">
      <div className="d-flex justify-content-end mb-2">
        <PeriodToggle label="Period" periods={STOCK_SERIES_PERIODS} value={period} onChange={setPeriod} />
      </div>
      {series.isPending ? (
        <Spinner label="Loading the stock history…" />
      ) : series.isError ? (
        <QueryError
          title="We could not load the stock history."
          error={series.error}
          onRetry={() => void series.refetch()}
          retrying={series.isFetching}
        />
      ) : (
        <ChartFigure
          title={`Stock over the last ${period} days`}
          label={`Step chart: quantity of ${name} at the end of each day over the last ${period} days, restocks marked`}
          x={chart.days}
          series={chart.lines}
          legend={
            <ul className="list-inline small mb-0 mt-2">
              <li className="list-inline-item">
                <span className="stats-swatch" style={{ background: COLORS.quantity }} aria-hidden="true" />{' '}
                Quantity
              </li>
              <li className="list-inline-item">
                <span
                  className="stats-swatch stats-swatch-round"
                  style={{ background: COLORS.restock }}
                  aria-hidden="true"
                />{' '}
                Restocked that day
              </li>
            </ul>
          }
          table={{
            columns: ['Day', 'Quantity', 'Delivered', 'Restocked'],
            rows: (series.data.points ?? []).map((point) => ({
              key: point.day,
              cells: [
                point.day,
                formatCount(point.quantity),
                formatCount(point.delivered),
                formatCount(point.restocked),
              ],
            })),
          }}
        />
      )}
    </div>
  );
}
