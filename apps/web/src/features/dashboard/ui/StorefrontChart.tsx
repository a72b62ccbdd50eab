import { useId } from 'react';
import { axisLabels, spendScale } from '../../billing/ui/SpendChart';
import { countScale, formatDay } from '../../../pages/drive-admin/DayChart';
import { formatMoney } from '../../storefront/format';
import { useWidth } from '../../../ui/use-width';

export interface ShopDay {
  /** A calendar day of the shop, `YYYY-MM-DD`. */
  date: string;
  orders: number;
  /** Minor units of `currency`. */
  revenue: number;
}

const HEIGHT = 180;
const TOP = 8;
const BOTTOM = 22;
const FONT = 11;
/** Room for the orders' axis on the left and revenue's on the right ("£1.2K"). */
const LEFT = 32;
const RIGHT = 48;

/**
 * A shop's days as plain SVG, as the drive admin's DayChart (no chart library): a bar per day for its
 * orders against the left axis, a line through the days' revenue against the right one. Drawn in its
 * box's own pixels, so the labels stay 11 px from a phone to a wide screen. The picture is one image
 * named by a sentence; each day is its own tooltip, and the numbers are in a table screen readers read.
 */
export function StorefrontChart({
  days,
  currency,
  title,
}: {
  days: readonly ShopDay[];
  currency: string;
  title: string;
}) {
  const titleId = useId();
  const [box, width] = useWidth<HTMLDivElement>(600);
  const orders = countScale(Math.max(0, ...days.map((d) => d.orders)));
  // Revenue's axis as billing's spend: round amounts of whole minor units.
  const revenue = spendScale(Math.max(0, ...days.map((d) => d.revenue)));
  const revenueLabels = axisLabels(revenue.ticks, currency);
  const plotWidth = Math.max(1, width - LEFT - RIGHT);
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const base = TOP + plotHeight;
  const slot = plotWidth / Math.max(1, days.length);
  const x = (i: number) => LEFT + i * slot;
  const y = (value: number, top: number) => base - (Math.max(0, value) / top) * plotHeight;
  const barWidth = Math.max(1, slot * 0.6);
  const line = days.map((d, i) => `${x(i) + slot / 2},${y(d.revenue, revenue.top)}`).join(' ');
  const last = days.length - 1;

  return (
    <figure className="grid gap-2">
      <div ref={box} className="w-full">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          role="img"
          aria-labelledby={titleId}
          className="block text-muted"
          preserveAspectRatio="none"
        >
          <title id={titleId}>{shopChartSummary(title, days, currency)}</title>
          {orders.ticks.map((tick, i) => (
            <g key={tick}>
              <line
                x1={LEFT}
                x2={width - RIGHT}
                y1={y(tick, orders.top)}
                y2={y(tick, orders.top)}
                stroke="currentColor"
                strokeOpacity={0.2}
              />
              <text
                x={LEFT - 6}
                y={y(tick, orders.top)}
                dy="0.32em"
                textAnchor="end"
                fontSize={FONT}
                fill="currentColor"
              >
                {tick}
              </text>
              <text
                x={width - RIGHT + 6}
                y={y(revenue.ticks[i]!, revenue.top)}
                dy="0.32em"
                textAnchor="start"
                fontSize={FONT}
                fill="currentColor"
              >
                {revenueLabels[i]}
              </text>
            </g>
          ))}
          {days.map((d, i) => {
            const barTop = y(d.orders, orders.top);
            return (
              <g key={d.date}>
                <rect
                  x={x(i) + (slot - barWidth) / 2}
                  y={barTop}
                  width={barWidth}
                  height={Math.max(0, base - barTop)}
                  rx={Math.min(2, barWidth / 3)}
                  className="fill-primary"
                  fillOpacity={0.35}
                />
                {/* The whole day's column answers the pointer, with both of its figures. */}
                <rect x={x(i)} y={TOP} width={slot} height={plotHeight} fill="transparent">
                  <title>{`${formatDay(d.date)}: ${ordersWord(d.orders)}, ${formatMoney(d.revenue, currency)}`}</title>
                </rect>
              </g>
            );
          })}
          {days.length > 0 && (
            <polyline
              points={line}
              fill="none"
              className="stroke-primary"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
              pointerEvents="none"
            />
          )}
          {days.length > 0 && (
            <>
              <text x={x(0)} y={HEIGHT - 6} textAnchor="start" fontSize={FONT - 1} fill="currentColor">
                {formatDay(days[0]!.date)}
              </text>
              <text x={x(last) + slot} y={HEIGHT - 6} textAnchor="end" fontSize={FONT - 1} fill="currentColor">
                {formatDay(days[last]!.date)}
              </text>
            </>
          )}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-primary opacity-35" /> Orders (left)
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-3 bg-primary" /> Revenue (right)
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>{title}, by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date)}</th>
              <td>{d.orders}</td>
              <td>{formatMoney(d.revenue, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const ordersWord = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** The chart in one sentence, its name for screen readers: the span, the totals and the busiest day. */
export function shopChartSummary(title: string, days: readonly ShopDay[], currency: string): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return `${title}: no days to show.`;
  const span = `${formatDay(first.date)} to ${formatDay(last.date)}`;
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const revenue = days.reduce((sum, d) => sum + d.revenue, 0);
  if (orders === 0) return `${title}, ${span}: no orders.`;
  const busiest = days.reduce((best, d) => (d.orders > best.orders ? d : best), first);
  return (
    `${title}, ${span}: ${ordersWord(orders)} and ${formatMoney(revenue, currency)} of revenue; ` +
    `the busiest day ${formatDay(busiest.date)} with ${ordersWord(busiest.orders)}.`
  );
}
