import { STOCK_SERIES_PERIODS } from '@walton/contract';
import { useMemo, useState } from 'react';
import { ChartFigure } from '@/components/chart-figure.tsx';
import { PeriodToggle } from '@/components/period-toggle.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useStockSeries } from '../api/get-stock-series.ts';

type Period = (typeof STOCK_SERIES_PERIODS)[number];

const COLORS = { quantity: '#0a58ca', restock: '#146c43' };

/** The detail page's chart: the item's quantity at the end of each day, restocks marked. */
export function StockHistory({ id, name }: { id: string; name: string }) {
  const [period, setPeriod] = useState<Period>(30);
  const series = useStockSeries(id, period);
  const t = useTranslate();
  const { count: formatCount, calendarDay: formatDay } = useFormatters();
  const chart = useMemo(() => {
    const points = series.data?.points ?? [];
    return {
      days: points.map((point) => point.day),
      lines: [
        {
          label: t('dash.quantity'),
          color: COLORS.quantity,
          shape: 'step' as const,
          values: points.map((p) => p.quantity),
        },
        {
          label: t('dash.restocked'),
          color: COLORS.restock,
          shape: 'marks' as const,
          values: points.map((p) => (p.restocked > 0 ? p.quantity : null)),
        },
      ],
    };
  }, [series.data, t]);
  // The days the chart draws: while another period loads, its title stays on the one shown.
  const days = formatCount(chart.days.length);

  return (
    <div className="mt-4">
      <div className="d-flex justify-content-end mb-2">
        <PeriodToggle
          label={t('dash.period')}
          periods={STOCK_SERIES_PERIODS}
          value={period}
          onChange={setPeriod}
        />
      </div>
      {series.isPending ? (
        <Spinner label={t('stockChart.loading')} />
      ) : series.isError ? (
        <QueryError title={t('stockChart.failed')} query={series} />
      ) : (
        <ChartFigure
          title={t('stockChart.title', { days })}
          label={t('stockChart.label', { days, name })}
          x={chart.days}
          series={chart.lines}
          legend={
            <ul className="list-inline small mb-0 mt-2">
              <li className="list-inline-item">
                <span className="stats-swatch" style={{ background: COLORS.quantity }} aria-hidden="true" />{' '}
                {t('dash.quantity')}
              </li>
              <li className="list-inline-item">
                <span
                  className="stats-swatch stats-swatch-round"
                  style={{ background: COLORS.restock }}
                  aria-hidden="true"
                />{' '}
                {t('stockChart.restockedThatDay')}
              </li>
            </ul>
          }
          table={{
            columns: [t('dash.day'), t('dash.quantity'), t('dash.delivered'), t('dash.restocked')],
            rows: (series.data.points ?? []).map((point) => ({
              key: point.day,
              cells: [
                formatDay(point.day),
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
