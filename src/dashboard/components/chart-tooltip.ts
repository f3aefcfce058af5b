import type uPlot from 'uplot';
import { formatDay } from '../format.js';

/** A series as the tooltip reads it (charts.tsx's ChartSeries). */
type Series = { name: string; color: string; values: number[] };

/** A table row of the tooltip: a series' swatch and name, and its figure. */
function line(name: string, value: string, color?: string): HTMLTableRowElement {
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
}

/**
 * The chart's tooltip (hidden from screen readers, which read the table beside the chart): the
 * day under the pointer with each series' figure and, when asked, their sum.
 */
export function chartTooltip(props: {
  days: string[];
  series: Series[];
  /** The running sums per day; the last is the total. */
  stacked: number[][];
  exact: (value: number) => string;
  total?: boolean;
}) {
  const tooltip = document.createElement('div');
  tooltip.className = 'chart-tooltip';
  tooltip.setAttribute('aria-hidden', 'true');
  tooltip.hidden = true;
  const show = (u: uPlot) => {
    const i = u.cursor.idx;
    if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
      tooltip.hidden = true;
      return;
    }
    const day = props.days[i] ?? '';
    // Built with DOM calls, not innerHTML: the page's CSP refuses style attributes in markup.
    const table = document.createElement('table');
    for (const s of props.series) table.append(line(s.name, props.exact(s.values[i] ?? 0), s.color));
    if (props.total) table.append(line('Total', props.exact(props.stacked[props.stacked.length - 1]?.[i] ?? 0)));
    const title = document.createElement('strong');
    title.textContent = `${formatDay(day)}, ${day.slice(0, 4)} (UTC day)`;
    tooltip.replaceChildren(title, table);
    tooltip.hidden = false;
    const left = Math.min(u.cursor.left + 12, u.over.clientWidth - tooltip.offsetWidth);
    tooltip.style.left = `${Math.max(0, left)}px`;
    tooltip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - tooltip.offsetHeight - 8)}px`;
  };
  return { element: tooltip, show };
}
