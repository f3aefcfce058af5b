import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDay } from '../format.js';
import { chartTooltip } from './chart-tooltip.js';

export interface ChartSeries {
  name: string;
  /** A colour the canvas can draw (canvases do not read CSS classes). */
  color: string;
  values: number[];
}

const DAY_S = 86_400;
const HEIGHT = 220;
/** Tick steps for counts: never a half transaction. */
const WHOLE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/** Colours per transaction type, also used by the legends' swatches. */
export const TYPE_COLORS: Record<string, string> = { bank: '#2563eb', crypto: '#d97706', trade: '#059669' };

/** uPlot's options for stacked daily bars: UTC days on x, the series drawn top one first. */
function barOptions(props: {
  width: number;
  series: ChartSeries[];
  order: number[];
  format: (value: number) => string;
  integer?: boolean;
  tooltip: ReturnType<typeof chartTooltip>;
}): uPlot.Options {
  return {
    width: Math.max(200, props.width),
    height: HEIGHT,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - DAY_S / 2, max + DAY_S / 2] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      { values: (_u, splits) => splits.map((s) => formatDay(new Date(s * 1000).toISOString().slice(0, 10))), space: 56 },
      { values: (_u, splits) => splits.map((s) => props.format(s)), size: 64, space: 36, ...(props.integer ? { incrs: WHOLE } : {}) },
    ],
    series: [
      {},
      ...props.order.map((i) => ({
        label: props.series[i]?.name,
        fill: props.series[i]?.color,
        stroke: props.series[i]?.color,
        width: 0,
        paths: uPlot.paths.bars?.({ size: [0.7, 36], gap: 1 }),
        points: { show: false },
      })),
    ],
    hooks: { setCursor: [props.tooltip.show], ready: [(u) => u.over.appendChild(props.tooltip.element)] },
  };
}

/**
 * Stacked bars per UTC day drawn by uPlot (a canvas chart library of ~20 KB): a date axis, a value
 * axis, and a tooltip with the day's figures per series and their sum under the pointer. The same
 * figures are in a table next to every chart, which is also what screen readers read.
 */
export function DailyBars(props: {
  label: string;
  days: string[];
  series: ChartSeries[];
  /** A value on the axis (short: 1.2K). */
  format: (value: number) => string;
  /** A value in the tooltip (whole: 1,234.56 USD); the axis format when left out. */
  exact?: (value: number) => string;
  /** Counts: the axis ticks only whole numbers. */
  integer?: boolean;
  /** The sum in the tooltip ("Total"); left out where adding the series means nothing. */
  total?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { days, series, format, exact, integer, total } = props;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    // Stacked: each series is drawn up to its running sum, the top one first so lower ones cover it.
    let running = xs.map(() => 0);
    const stacked = series.map((s) => {
      running = running.map((r, i) => r + (s.values[i] ?? 0));
      return running;
    });
    const order = series.map((_, i) => i).reverse();
    const tooltip = chartTooltip({ days, series, stacked, exact: exact ?? format, total });
    const opts = barOptions({ width: el.clientWidth, series, order, format, integer, tooltip });
    const chart = new uPlot(opts, [xs, ...order.map((i) => stacked[i] ?? [])], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, format, exact, integer, total]);
  return (
    <figure className="chart">
      <div ref={box} role="img" aria-label={props.label} className="chart-canvas" />
      <figcaption className="legend">
        {props.series.map((s) => (
          <span key={s.name}>
            <span className="swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
