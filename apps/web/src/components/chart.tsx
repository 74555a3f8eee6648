import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { BENGALI_FONT_FAMILY, fontLoaded } from '../i18n/bengali-font.ts';
import { useFormatters } from '../i18n/format.ts';

/** One line (or set of bars, or marks) of a chart. */
export interface ChartSeries {
  label: string;
  values: ReadonlyArray<number | null>;
  color: string;
  /** `line` by default; `step` holds each value until the next; `marks` draws points only. */
  shape?: 'line' | 'step' | 'bars' | 'marks';
}

export interface ChartProps {
  /** The chart's accessible name (the canvas is an image to assistive technology). */
  label: string;
  /** x values: days as `YYYY-MM-DD`, or categories (1, 2, …) for a ranking. */
  x: readonly string[] | readonly number[];
  series: readonly ChartSeries[];
  height?: number;
  /**
   * How y values are written on the axis: by default as the language writes a count, grouped
   * (12,000 in English, ১২,০০০ in Bengali).
   */
  formatValue?: (value: number) => string;
}

const stepped = uPlot.paths.stepped?.({ align: 1 });
const bars = uPlot.paths.bars?.({ size: [0.6, 40] });

const pathsOf = (shape: ChartSeries['shape']) => {
  switch (shape) {
    case 'step':
      return stepped;
    case 'bars':
      return bars;
    case 'marks':
      return () => null;
    default:
      return undefined;
  }
};

/** Axis steps in whole numbers (the charts count units and taka): 1, 2, 5, 10, 20, 50, … */
const WHOLE_STEPS = Array.from({ length: 13 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

/**
 * The axes' font: the bundled Bengali font first (its `unicode-range` gives it only the Bengali
 * characters), then the system fonts uPlot uses by default.
 */
const AXIS_FONT = `12px ${BENGALI_FONT_FAMILY}, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;

const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const toDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * A uPlot chart on a canvas, as wide as its container. This module is the only one that imports
 * uPlot, and only pages that draw charts load it (React.lazy), so the landing page never does. The
 * axes are written in the app's language (Bengali digits and month names in Bengali), drawn once the
 * font they need has loaded: a canvas keeps what it drew, and text drawn before the font arrived
 * would stay in the fallback's boxes on a device without a Bengali font.
 */
export default function Chart({ label, x, series, height = 240, formatValue }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const { count, digits, shortDay } = useFormatters();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const isTime = typeof x[0] === 'string';
    const xs = x.map((value) => (typeof value === 'string' ? toSeconds(value) : value));
    const data: uPlot.AlignedData = [xs, ...series.map((line) => [...line.values])];
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { show: false },
      // Categories (ranks) sit on whole numbers with half a step of room on each side.
      scales: { x: isTime ? { time: false } : { time: false, range: [0.5, xs.length + 0.5] } },
      axes: [
        {
          stroke: '#212529',
          font: AXIS_FONT,
          ...(isTime ? {} : { incrs: [1] }),
          values: (_, splits) => splits.map((split) => (isTime ? shortDay(toDay(split)) : digits(split))),
        },
        {
          stroke: '#212529',
          font: AXIS_FONT,
          size: 70,
          incrs: WHOLE_STEPS,
          values: (_, splits) => splits.map((split) => (formatValue ?? count)(split)),
        },
      ],
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          stroke: line.shape === 'marks' ? 'transparent' : line.color,
          fill: line.shape === 'bars' ? line.color : undefined,
          width: 2,
          paths: pathsOf(line.shape),
          points:
            line.shape === 'marks'
              ? { show: true, size: 9, fill: line.color, stroke: line.color }
              : { show: false },
        })),
      ],
    };
    let plot: uPlot | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(element.clientWidth, 200), height }),
    );
    // Digits and a day as the axes write them: what the font must have before the first stroke.
    void fontLoaded(AXIS_FONT, `${digits(1234567890)} ${shortDay('2026-11-27')}`).then(() => {
      if (cancelled) return;
      plot = new uPlot({ ...options, width: Math.max(element.clientWidth, 200) }, data, element);
      const canvas = element.querySelector('canvas');
      canvas?.setAttribute('role', 'img');
      canvas?.setAttribute('aria-label', label);
      resize.observe(element);
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [label, x, series, height, formatValue, count, digits, shortDay]);
  return <div ref={container} className="stats-chart" />;
}
