import {
  DASHBOARD_PERIODS,
  type LocationStockStats,
  type StatsDaily,
  type StatsSummary,
} from '@walton/contract';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ChartFigure } from '@/components/chart-figure.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { PeriodToggle } from '@/components/period-toggle.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useLanguage, useTranslate } from '@/i18n/i18n.ts';
import { INTL_LOCALE } from '@/i18n/language.ts';
import { useCan } from '@/lib/me.ts';
import { useLastCounts } from '../api/get-last-counts.ts';
import { useStatsDaily, useStatsLocations, useStatsMovements, useStatsSummary } from '../api/get-stats.ts';

type Period = (typeof DASHBOARD_PERIODS)[number];

const COLORS = {
  delivered: '#b02a37',
  restocked: '#146c43',
  transferredOut: '#b35900',
  transferredIn: '#087990',
  value: '#0a58ca',
  top: '#6f42c1',
};

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
  const t = useTranslate();
  const { count: formatCount, exactAmount: formatExactAmount } = useFormatters();
  return (
    <dl className="stats-figures mb-4" aria-label={t('dash.now')}>
      <Figure label={t('dash.liveItems')} value={formatCount(summary.liveItems)} testId="live-items" />
      <Figure
        label={t('dash.unitsInStock')}
        value={formatCount(summary.unitsInStock)}
        testId="units-in-stock"
      />
      <Figure
        label={t('dash.stockValue')}
        value={formatExactAmount(summary.stockValue)}
        testId="stock-value"
        wide
      />
      <Figure
        label={t('dash.atThreshold')}
        value={formatCount(summary.itemsAtOrBelowThreshold)}
        testId="low-stock-items"
      />
      <Figure
        label={t('dash.deliveredToday')}
        value={formatCount(summary.deliveredToday)}
        testId="delivered-today"
      />
      <Figure
        label={t('dash.delivered7')}
        value={formatCount(summary.deliveredLast7Days)}
        testId="delivered-7-days"
      />
      <Figure
        label={t('dash.restocked7')}
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

/** The flow chart's numbers of one day: the warehouse's, or one location's (with its transfers). */
interface FlowDay {
  day: string;
  delivered: number;
  restocked: number;
  transferredOut?: number;
  transferredIn?: number;
}

/** Units moved per day: delivered and restocked, and a location's transfers out and in when it has them. */
function FlowChart({ days, location }: { days: readonly FlowDay[]; location?: string | undefined }) {
  const t = useTranslate();
  const { count: formatCount, calendarDay: formatDay } = useFormatters();
  const count = formatCount(days.length);
  const series = useMemo(() => {
    const of = (pick: (day: FlowDay) => number | undefined) => days.map((day) => pick(day) ?? 0);
    const moves = [
      { label: t('dash.delivered'), color: COLORS.delivered, values: of((day) => day.delivered) },
      { label: t('dash.restocked'), color: COLORS.restocked, values: of((day) => day.restocked) },
    ];
    if (location === undefined) return moves;
    return [
      ...moves,
      {
        label: t('dash.transferredOut'),
        color: COLORS.transferredOut,
        values: of((day) => day.transferredOut),
      },
      { label: t('dash.transferredIn'), color: COLORS.transferredIn, values: of((day) => day.transferredIn) },
    ];
  }, [days, location, t]);
  return (
    <ChartFigure
      title={
        location === undefined
          ? t('dash.flowTitle', { days: count })
          : t('dash.flowAtTitle', { days: count, location })
      }
      label={
        location === undefined
          ? t('dash.flowLabel', { days: count })
          : t('dash.flowAtLabel', { days: count, location })
      }
      x={days.map((day) => day.day)}
      series={series}
      legend={<Legend entries={series} />}
      table={{
        columns: [t('dash.day'), ...series.map((entry) => entry.label)],
        rows: days.map((day, index) => ({
          key: day.day,
          cells: [formatDay(day.day), ...series.map((entry) => formatCount(entry.values[index] ?? 0))],
        })),
      }}
    />
  );
}

/** Which location's moves the flow chart shows: all locations (`''`) or one. */
function LocationChoice({
  locations,
  value,
  onChange,
}: {
  locations: readonly LocationStockStats[];
  value: string;
  onChange: (location: string) => void;
}) {
  const t = useTranslate();
  const selectId = useId();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <label className="small text-body-secondary" htmlFor={selectId}>
        {t('dash.movementsAt')}
      </label>
      <select
        id={selectId}
        className="form-select form-select-sm w-auto mw-100"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('dash.allLocations')}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The flow chart: the warehouse's days, or those of the location chosen (asked for when it is
 * chosen, with its transfers).
 */
function Flow({
  daily,
  period,
  location,
}: {
  daily: StatsDaily;
  period: Period;
  location: LocationStockStats | undefined;
}) {
  const t = useTranslate();
  const movements = useStatsMovements(period, location?.id ?? '');
  if (!location) return <FlowChart days={daily.days} />;
  if (movements.isPending) return <Spinner label={t('dash.loadingCharts')} />;
  if (movements.isError) return <QueryError title={t('dash.chartsFailed')} query={movements} />;
  return <FlowChart days={movements.data.days} location={location.name} />;
}

/**
 * Units of live items and their value at each location, now. On a phone the table can be wider than
 * the screen: its scrolling region takes the keyboard focus, so it scrolls without a mouse too.
 */
function StockByLocation({ locations }: { locations: readonly LocationStockStats[] }) {
  const t = useTranslate();
  const headingId = useId();
  const { count: formatCount, exactAmount: formatExactAmount } = useFormatters();
  return (
    <div className="card shadow-sm mb-4">
      <div className="card-body">
        <h2 id={headingId} className="h6">
          {t('dash.byLocationTitle')}
        </h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (WCAG 2.1.1) */}
        <section className="table-responsive" tabIndex={0} aria-labelledby={headingId}>
          <table className="table table-sm mb-0" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('dash.location')}</th>
                <th scope="col" className="text-end">
                  {t('dash.units')}
                </th>
                <th scope="col" className="text-end">
                  {t('dash.stockValue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {locations.map((location) => (
                <tr key={location.id}>
                  <th scope="row" className="fw-normal text-break">
                    {location.name}
                  </th>
                  <td className="text-end">{formatCount(location.units)}</td>
                  <td className="text-end text-nowrap">{formatExactAmount(location.stockValue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}

/** A location's last applied count: when, its net correction in units, and a link to it. */
function LastCounts({ locations }: { locations: readonly LocationStockStats[] }) {
  const t = useTranslate();
  const headingId = useId();
  const format = useFormatters();
  const { query, last } = useLastCounts();
  const nameOf = (id: string) => locations.find((location) => location.id === id)?.name ?? id;
  return (
    <section className="card shadow-sm mb-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h6">
          {t('dash.lastCounts')}
        </h2>
        {query.isPending ? (
          <Spinner label={t('dash.loadingLastCounts')} />
        ) : query.isError ? (
          <QueryError title={t('dash.lastCountsFailed')} query={query} />
        ) : last.length === 0 ? (
          <p className="mb-0">{t('dash.noCounts')}</p>
        ) : (
          <ul className="list-unstyled mb-0" data-testid="last-counts">
            {last.map(({ count, net }) => (
              <li key={count.id} className="text-break">
                <Link to={paths.count(count.id)}>{nameOf(count.locationId)}</Link>
                {': '}
                <time dateTime={count.closedAt ?? count.createdAt}>
                  {format.dateTime(count.closedAt ?? count.createdAt)}
                </time>
                {net !== undefined &&
                  ` · ${t('dash.netCorrection', { net: net > 0 ? `+${format.count(net)}` : format.count(net) })}`}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Charts({ daily, flow }: { daily: StatsDaily; flow: ReactNode }) {
  const t = useTranslate();
  const language = useLanguage();
  const { count: formatCount, exactAmount: formatExactAmount, calendarDay: formatDay } = useFormatters();
  const formatCompact = useMemo(() => {
    const compact = new Intl.NumberFormat(INTL_LOCALE[language], {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return (value: number) => compact.format(value);
  }, [language]);
  // The days the data covers: while another period loads, the charts and their titles stay on the
  // one shown (a table titled "last 90 days" held the 30 rows of the period before).
  const days = formatCount(daily.days.length);
  const charts = useMemo(() => {
    const days = daily.days.map((day) => day.day);
    return {
      days,
      value: [
        {
          label: t('dash.stockValue'),
          color: COLORS.value,
          values: daily.days.map((day) => Number(day.stockValue)),
        },
      ],
      ranks: daily.topDelivered.map((_, index) => index + 1),
      top: [
        {
          label: t('dash.unitsDelivered'),
          color: COLORS.top,
          shape: 'bars' as const,
          values: daily.topDelivered.map((item) => item.delivered),
        },
      ],
    };
  }, [daily, t]);
  return (
    <div className="row g-3">
      <div className="col-12 col-xl-6">{flow}</div>
      <div className="col-12 col-xl-6">
        <ChartFigure
          title={t('dash.valueTitle', { days })}
          label={t('dash.valueLabel', { days })}
          x={charts.days}
          series={charts.value}
          formatValue={formatCompact}
          table={{
            columns: [t('dash.day'), t('dash.stockValue'), t('dash.unitsInStock')],
            rows: daily.days.map((day) => ({
              key: day.day,
              cells: [formatDay(day.day), formatExactAmount(day.stockValue), formatCount(day.unitsInStock)],
            })),
          }}
        />
      </div>
      <div className="col-12">
        {daily.topDelivered.length === 0 ? (
          <section className="card shadow-sm">
            <div className="card-body">
              <h2 className="h6">{t('dash.topTitle', { days })}</h2>
              <p className="mb-0">{t('dash.nothingDelivered')}</p>
            </div>
          </section>
        ) : (
          <ChartFigure
            title={t('dash.topTitle', { days })}
            label={t('dash.topLabel', { days, count: daily.topDelivered.length })}
            x={charts.ranks}
            series={charts.top}
            legend={
              <ol className="small mb-0 mt-2 stats-ranking">
                {daily.topDelivered.map((item) => (
                  <li key={item.id} className="text-break">
                    <Link to={paths.itemDetail(item.id)}>{item.name}</Link>: {formatCount(item.delivered)}
                  </li>
                ))}
              </ol>
            }
            table={{
              columns: [t('dash.rank'), t('dash.item'), t('dash.unitsDelivered')],
              rows: daily.topDelivered.map((item, index) => ({
                key: item.id,
                cells: [formatCount(index + 1), item.name, formatCount(item.delivered)],
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
  const locations = useStatsLocations();
  const [location, setLocation] = useState('');
  const t = useTranslate();
  const format = useFormatters();
  const readsClaims = useCan('inventory.read');
  const managesCategories = useCan('categories.manage');

  return (
    <div className="container py-4">
      <PageHeader title={t('dash.heading')}>
        <div className="d-flex flex-wrap align-items-center gap-3">
          {summary.data && (
            <p className="small text-body-secondary mb-0">
              {t('dash.timeZone', {
                timeZone: format.timeZone(summary.data.timeZone),
                today: format.calendarDay(summary.data.today),
              })}
            </p>
          )}
          {/* The claims, receipts, dispatch orders, counts and categories pages are reached from here, not the navbar, which has no room left at 992 px. */}
          {readsClaims && (
            <Link to={paths.claims} className="btn btn-outline-primary">
              {t('claims.heading')}
            </Link>
          )}
          {readsClaims && (
            <Link to={paths.receipts} className="btn btn-outline-primary">
              {t('receipts.heading')}
            </Link>
          )}
          {readsClaims && (
            <Link to={paths.dispatches} className="btn btn-outline-primary">
              {t('dispatches.heading')}
            </Link>
          )}
          {readsClaims && (
            <Link to={paths.counts} className="btn btn-outline-primary">
              {t('counts.heading')}
            </Link>
          )}
          {managesCategories && (
            <Link to={paths.categories} className="btn btn-outline-primary">
              {t('categories.heading')}
            </Link>
          )}
        </div>
      </PageHeader>
      {summary.isPending ? (
        <Spinner label={t('dash.loadingFigures')} />
      ) : summary.isError ? (
        <QueryError title={t('dash.figuresFailed')} query={summary} />
      ) : (
        <Figures summary={summary.data} />
      )}
      {locations.isPending ? (
        <Spinner label={t('dash.loadingLocations')} />
      ) : locations.isError ? (
        <QueryError title={t('dash.locationsFailed')} query={locations} />
      ) : (
        <StockByLocation locations={locations.data} />
      )}
      {readsClaims && <LastCounts locations={locations.data ?? []} />}
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <LocationChoice locations={locations.data ?? []} value={location} onChange={setLocation} />
        <PeriodToggle
          label={t('dash.period')}
          periods={DASHBOARD_PERIODS}
          value={period}
          onChange={setPeriod}
        />
      </div>
      {daily.isPending ? (
        <Spinner label={t('dash.loadingCharts')} />
      ) : daily.isError ? (
        <QueryError title={t('dash.chartsFailed')} query={daily} />
      ) : (
        <Charts
          daily={daily.data}
          flow={
            <Flow
              daily={daily.data}
              period={period}
              location={locations.data?.find((entry) => entry.id === location)}
            />
          }
        />
      )}
    </div>
  );
}
