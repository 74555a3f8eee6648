import { DASHBOARD_PERIODS, type StatsDaily, type StatsSummary } from '@walton/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { QueryError } from '../../inventory/components/query-error.tsx';
import { formatCount, formatExactAmount } from '../../inventory/format.ts';
import { useStatsDaily, useStatsSummary } from '../api/get-stats.ts';
import { ChartFigure } from '../components/chart-figure.tsx';
import { PeriodToggle } from '../components/period-toggle.tsx';

type Period = (typeof DASHBOARD_PERIODS)[number];

const COLORS = { delivered: '#b02a37', restocked: '#146c43', value: '#0a58ca', top: '#6f42c1' };

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const formatCompact = (value: number) => compact.format(value);

function Figure({
  label,
  value,
  testId,
  wide = false,
}: {
  label: string;
  value: string;
  testId: string;
  wide?: boolean;
}) {
  return (
    <div className={`card card-body shadow-sm${wide ? ' stats-figure-wide' : ''}`}>
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="h4 mb-0" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Figures({ summary }: { summary: StatsSummary }) {
  return (
    <dl className="stats-figures mb-4" aria-label="The warehouse now">
      <Figure label="Live items" value={formatCount(summary.liveItems)} testId="live-items" />
      <Figure label="Units in stock" value={formatCount(summary.unitsInStock)} testId="units-in-stock" />
      <Figure label="Stock value" value={formatExactAmount(summary.stockValue)} testId="stock-value" wide />
      <Figure
        label="Items at or below threshold"
        value={formatCount(summary.itemsAtOrBelowThreshold)}
        testId="low-stock-items"
      />
      <Figure label="Delivered today" value={formatCount(summary.deliveredToday)} testId="delivered-today" />
      <Figure
        label="Delivered, last 7 days"
        value={formatCount(summary.deliveredLast7Days)}
        testId="delivered-7-days"
      />
      <Figure
        label="Restocked, last 7 days"
        value={formatCount(summary.restockedLast7Days)}
        testId="restocked-7-days"
      />
    </dl>
  );
}

function Legend({ entries }: { entries: ReadonlyArray<{ label: string; color: string }> }) {
  return (
    <ul className="list-inline small mb-0 mt-2">
      {entries.map((entry) => (
        <li key={entry.label} className="list-inline-item">
          <span className="stats-swatch" style={{ background: entry.color }} aria-hidden="true" />{' '}
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

function Charts({ daily, period }: { daily: StatsDaily; period: Period }) {
  const charts = useMemo(() => {
    const days = daily.days.map((day) => day.day);
    return {
      days,
      moves: [
        { label: 'Delivered', color: COLORS.delivered, values: daily.days.map((day) => day.delivered) },
        { label: 'Restocked', color: COLORS.restocked, values: daily.days.map((day) => day.restocked) },
      ],
      value: [
        {
          label: 'Stock value',
          color: COLORS.value,
          values: daily.days.map((day) => Number(day.stockValue)),
        },
      ],
      ranks: daily.topDelivered.map((_, index) => index + 1),
      top: [
        {
          label: 'Units delivered',
          color: COLORS.top,
          shape: 'bars' as const,
          values: daily.topDelivered.map((item) => item.delivered),
        },
      ],
    };
  }, [daily]);
  return (
    <div className="row g-3">
      <div className="col-12 col-xl-6">
        <ChartFigure
          title={`Units delivered and restocked per day, last ${period} days`}
          label={`Line chart: units delivered and restocked per day over the last ${period} days`}
          x={charts.days}
          series={charts.moves}
          legend={<Legend entries={charts.moves} />}
          table={{
            columns: ['Day', 'Delivered', 'Restocked'],
            rows: daily.days.map((day) => ({
              key: day.day,
              cells: [day.day, formatCount(day.delivered), formatCount(day.restocked)],
            })),
          }}
        />
      </div>
      <div className="col-12 col-xl-6">
        <ChartFigure
          title={`Stock value at the end of each day, last ${period} days`}
          label={`Line chart: stock value at the end of each day over the last ${period} days`}
          x={charts.days}
          series={charts.value}
          formatValue={formatCompact}
          table={{
            columns: ['Day', 'Stock value', 'Units in stock'],
            rows: daily.days.map((day) => ({
              key: day.day,
              cells: [day.day, formatExactAmount(day.stockValue), formatCount(day.unitsInStock)],
            })),
          }}
        />
      </div>
      <div className="col-12">
        {daily.topDelivered.length === 0 ? (
          <section className="card shadow-sm">
            <div className="card-body">
              <h2 className="h6">Most delivered items, last {period} days</h2>
              <p className="mb-0">Nothing was delivered in this period.</p>
            </div>
          </section>
        ) : (
          <ChartFigure
            title={`Most delivered items, last ${period} days`}
            label={`Bar chart: the ${daily.topDelivered.length} items with the most units delivered over the last ${period} days, by rank`}
            x={charts.ranks}
            series={charts.top}
            legend={
              <ol className="small mb-0 mt-2 stats-ranking">
                {daily.topDelivered.map((item) => (
                  <li key={item.id}>
                    <Link to={paths.itemDetail(item.id)}>{item.name}</Link>: {formatCount(item.delivered)}
                  </li>
                ))}
              </ol>
            }
            table={{
              columns: ['Rank', 'Item', 'Units delivered'],
              rows: daily.topDelivered.map((item, index) => ({
                key: item.id,
                cells: [String(index + 1), item.name, formatCount(item.delivered)],
              })),
            }}
          />
        )}
      </div>
    </div>
  );
}

/** `/dashboard`: the warehouse at a glance, live through the app's change feed (see invalidateStats). */
export default function DashboardPage() {
  const [period, setPeriod] = useState<Period>(30);
  const summary = useStatsSummary();
  const daily = useStatsDaily(period);

  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <h1 className="h2 mb-0">Dashboard</h1>
        {summary.data && (
          <p className="small text-body-secondary mb-0">
            Days in {summary.data.timeZone}; today is {summary.data.today}.
          </p>
        )}
      </div>
      {summary.isPending ? (
        <Spinner label="Loading the figures…" />
      ) : summary.isError ? (
        <QueryError
          title="We could not load the figures."
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <Figures summary={summary.data} />
      )}
      <div className="d-flex justify-content-end mb-3">
        <PeriodToggle label="Period" periods={DASHBOARD_PERIODS} value={period} onChange={setPeriod} />
      </div>
      {daily.isPending ? (
        <Spinner label="Loading the charts…" />
      ) : daily.isError ? (
        <QueryError
          title="We could not load the charts."
          error={daily.error}
          onRetry={() => void daily.refetch()}
          retrying={daily.isFetching}
        />
      ) : (
        <Charts daily={daily.data} period={period} />
      )}
    </div>
  );
}
