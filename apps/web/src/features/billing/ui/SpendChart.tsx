import { useId } from 'react';
import { formatMonth } from '../dates';
import { formatMoney, formatMoneyCompact } from '../money';

export interface MonthSpend {
  month: string;
  spend: number;
  payments: number;
}

const WIDTH = 600;
const HEIGHT = 200;
const LEFT = 56;
const BOTTOM = 24;
const TOP = 8;

/**
 * The last months' spend as plain SVG bars (no chart library: twelve rectangles do not need one).
 * The picture is one image with a title for screen readers; the numbers are in a table they can read.
 */
export function SpendChart({
  months,
  currency,
  title = 'Spend, last 12 months',
}: {
  months: readonly MonthSpend[];
  currency: string;
  title?: string;
}) {
  const titleId = useId();
  const max = Math.max(0, ...months.map((m) => m.spend));
  // A tidy scale of whole minor units, so the gridlines read as round amounts.
  const { top, ticks } = spendScale(max);
  const labels = axisLabels(ticks, currency);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = months.length > 0 ? plotWidth / months.length : plotWidth;
  const barWidth = Math.max(4, slot * 0.6);
  const y = (value: number) => TOP + plotHeight - (Math.max(0, value) / top) * plotHeight;
  const total = months.reduce((sum, m) => sum + m.spend, 0);

  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full text-muted"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>
          {`${title}: ${formatMoney(total, currency)} in total, highest ${formatMoney(max, currency)}.`}
        </title>
        {ticks.map((tick, i) => (
          <g key={tick}>
            <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.2} />
            <text x={LEFT - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill="currentColor">
              {labels[i]}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          const barTop = y(m.spend);
          return (
            <g key={m.month}>
              <rect
                x={x}
                y={barTop}
                width={barWidth}
                height={Math.max(0, TOP + plotHeight - barTop)}
                rx={2}
                className="fill-primary"
              >
                <title>{`${formatMonth(m.month, undefined, 'long')}: ${formatMoney(m.spend, currency)}`}</title>
              </rect>
              <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={10} fill="currentColor">
                {formatMonth(m.month).split(' ')[0]}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Spend</th>
            <th scope="col">Payments</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month, undefined, 'long')}</th>
              <td>{formatMoney(m.spend, currency)}</td>
              <td>{formatMoney(m.payments, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * The axis: 0, a step and two steps, the step a nice number (1, 2 or 5 times a power of ten) of
 * whole minor units, so that no gridline falls between two cents and the top covers the highest bar.
 * With no spend at all the scale still counts in cents (0, 1, 2), never three equal ticks.
 */
export function spendScale(max: number): { top: number; ticks: number[] } {
  const step = max <= 2 ? 1 : niceCeiling(max / 2);
  return { top: 2 * step, ticks: [0, step, 2 * step] };
}

/**
 * The ticks' labels: compact ("€1.5K") when that tells every tick apart, else the full amount
 * ("€0.02") — a compact label rounds to one decimal of the major unit, which turned small
 * scales into "€0, €0, €0".
 */
export function axisLabels(ticks: readonly number[], currency: string, locale?: string): string[] {
  const compact = ticks.map((tick) => formatMoneyCompact(tick, currency, locale));
  const zero = formatMoneyCompact(0, currency, locale);
  const distinct =
    new Set(compact).size === ticks.length && compact.every((label, i) => ticks[i] === 0 || label !== zero);
  return distinct ? compact : ticks.map((tick) => formatMoney(tick, currency, locale));
}

/** 1, 2 or 5 times a power of ten, at least `value`. */
export function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}
