import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDay } from '../format.js';

export interface ChartSeries {
  name: string;
  /** A colour the canvas can draw (canvases do not read CSS classes). */
  color: string;
  values: number[];
}

const DAY_S = 86_400;
/** Tick steps for counts: never a half transaction. */
const WHOLE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/** Colours per transaction type, also used by the legends' swatches (styles.css .swatch-*). */
export const TYPE_COLORS: Record<string, string> = { bank: '#2563eb', crypto: '#d97706', trade: '#059669' };

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
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = props.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    // Stacked: each series is drawn up to its running sum, the top one first so lower ones cover it.
    let running = xs.map(() => 0);
    const stacked = props.series.map((s) => {
      running = running.map((r, i) => r + (s.values[i] ?? 0));
      return running;
    });
    const order = props.series.map((_, i) => i).reverse();
    const tooltip = document.createElement('div');
    tooltip.className = 'chart-tooltip';
    tooltip.setAttribute('aria-hidden', 'true');
    tooltip.hidden = true;
    const showTooltip = (u: uPlot) => {
      const i = u.cursor.idx;
      if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
        tooltip.hidden = true;
        return;
      }
      const day = props.days[i] ?? '';
      // Built with DOM calls, not innerHTML: the page's CSP refuses style attributes in markup.
      const line = (name: string, value: string, color?: string) => {
        const tr = document.createElement('tr');
        const th = document.createElement('th');
        if (color) {
          const swatch = document.createElement('span');
          swatch.className = 'swatch';
          swatch.style.background = color;
          th.append(swatch);
        }
        th.append(name);
        const td = document.createElement('td');
        td.textContent = value;
        tr.append(th, td);
        return tr;
      };
      const table = document.createElement('table');
      const exact = props.exact ?? props.format;
      for (const s of props.series) table.append(line(s.name, exact(s.values[i] ?? 0), s.color));
      if (props.total) table.append(line('Total', exact(stacked[stacked.length - 1]?.[i] ?? 0)));
      const title = document.createElement('strong');
      title.textContent = `${formatDay(day)}, ${day.slice(0, 4)} (UTC day)`;
      tooltip.replaceChildren(title, table);
      tooltip.hidden = false;
      const left = Math.min(u.cursor.left + 12, u.over.clientWidth - tooltip.offsetWidth);
      tooltip.style.left = `${Math.max(0, left)}px`;
      tooltip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - tooltip.offsetHeight - 8)}px`;
    };
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: 220,
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
        ...order.map((i) => ({
          label: props.series[i]?.name,
          fill: props.series[i]?.color,
          stroke: props.series[i]?.color,
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.7, 36], gap: 1 }),
          points: { show: false },
        })),
      ],
      hooks: { setCursor: [showTooltip], ready: [(u) => u.over.appendChild(tooltip)] },
    };
    const chart = new uPlot(opts, [xs, ...order.map((i) => stacked[i] ?? [])], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [props.days, props.series, props.format, props.exact, props.integer, props.total]);
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
