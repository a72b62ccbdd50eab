import { useId } from 'react';
import { formatBytes } from '../../features/drive/format';
import { niceCeiling } from '../../features/billing/ui/SpendChart';
import { formatDate } from '../../ui/dates';
import { firstUse } from '../../ui/first-use';
import { useWidth } from '../../ui/use-width';

export interface DayValue {
  /** A UTC day, `YYYY-MM-DD`. */
  day: string;
  value: number;
}

/** What the numbers are: bytes (the scale steps in KB, MB, GB) or counts. */
export type DayMeasure = 'bytes' | 'count';

const SIZES = {
  large: { width: 600, height: 200, left: 64, fontSize: 11 },
  small: { width: 300, height: 150, left: 52, fontSize: 11 },
} as const;
const BOTTOM = 22;
const TOP = 8;

const compactCounts = firstUse(() => new Intl.NumberFormat(undefined, { notation: 'compact' }));
const counts = firstUse(() => new Intl.NumberFormat());

/** A day as the console writes it, on the UTC calendar the counters keep. */
export const formatDay = (day: string) => formatDate(`${day}T00:00:00Z`, { utc: true });

/** A value of the measure as people read it: "3.2 MB", "1,204". */
export function formatMeasure(value: number, measure: DayMeasure): string {
  return measure === 'bytes' ? formatBytes(value) : counts().format(value);
}

/**
 * A drive's days as plain SVG (no chart library, as SpendChart): a level (`area`, what the drive
 * held at each day's end) or a day's activity (`bars`). The picture is one image whose name says what
 * it shows in a sentence; each day's value is its own tooltip. The page gives the numbers as a table
 * too.
 */
export function DayChart({
  title,
  days,
  measure,
  kind,
  size = 'small',
}: {
  title: string;
  days: readonly DayValue[];
  measure: DayMeasure;
  kind: 'area' | 'bars';
  size?: keyof typeof SIZES;
}) {
  const titleId = useId();
  // Drawn in the box's own pixels: the labels stay 11 px from a phone to a wide screen.
  const { width: fallbackWidth, height, left, fontSize } = SIZES[size];
  const [box, width] = useWidth<HTMLDivElement>(fallbackWidth);
  const max = Math.max(0, ...days.map((d) => d.value));
  const { top, ticks } = measure === 'bytes' ? bytesScale(max) : countScale(max);
  const plotWidth = width - left - 4;
  const plotHeight = height - BOTTOM - TOP;
  const base = TOP + plotHeight;
  const slot = plotWidth / Math.max(1, days.length);
  const x = (i: number) => left + i * slot;
  const y = (value: number) => base - (Math.max(0, value) / top) * plotHeight;
  const tickLabel = (tick: number) => (measure === 'bytes' ? formatBytes(tick) : compactCounts().format(tick));
  // The first and last days, and the middle one where there is room for it.
  const labelled =
    days.length <= 1
      ? [0]
      : // Three dates of about 90 px each need a wide box: on a phone the ends only.
        size === 'large' && days.length > 2 && width >= 480
        ? [0, Math.floor((days.length - 1) / 2), days.length - 1]
        : [0, days.length - 1];

  const area =
    kind === 'area' && days.length > 0
      ? [
          `M${x(0) + slot / 2},${base}`,
          ...days.map((d, i) => `L${x(i) + slot / 2},${y(d.value)}`),
          `L${x(days.length - 1) + slot / 2},${base}Z`,
        ].join(' ')
      : undefined;
  const line = kind === 'area' ? days.map((d, i) => `${x(i) + slot / 2},${y(d.value)}`).join(' ') : undefined;
  const barWidth = Math.max(1, slot * 0.7);

  return (
    <div ref={box} className="w-full">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-labelledby={titleId}
        className="block text-muted"
        preserveAspectRatio="none"
      >
        <title id={titleId}>{chartSummary(title, days, measure, kind)}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={width} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.2} />
            <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={fontSize} fill="currentColor">
              {tickLabel(tick)}
            </text>
          </g>
        ))}
        {area && <path d={area} className="fill-primary" fillOpacity={0.15} />}
        {line && (
          <polyline
            points={line}
            fill="none"
            className="stroke-primary"
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        )}
        {days.map((d, i) => {
          const tip = <title>{`${formatDay(d.day)}: ${formatMeasure(d.value, measure)}`}</title>;
          if (kind === 'area')
            // An invisible column per day, so a pointer over the day shows its value.
            return (
              <rect key={d.day} x={x(i)} y={TOP} width={slot} height={plotHeight} fill="transparent">
                {tip}
              </rect>
            );
          const barTop = y(d.value);
          return (
            <rect
              key={d.day}
              x={x(i) + (slot - barWidth) / 2}
              y={barTop}
              width={barWidth}
              height={Math.max(0, base - barTop)}
              rx={Math.min(2, barWidth / 3)}
              className="fill-primary"
            >
              {tip}
            </rect>
          );
        })}
        {days.length > 0 &&
          labelled.map((i) => {
            const anchor = i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle';
            const at = anchor === 'start' ? x(i) : anchor === 'end' ? x(i) + slot : x(i) + slot / 2;
            return (
              <text key={i} x={at} y={height - 6} textAnchor={anchor} fontSize={fontSize - 1} fill="currentColor">
                {formatDay(days[i]!.day)}
              </text>
            );
          })}
      </svg>
    </div>
  );
}

/**
 * The chart in one sentence, its name for screen readers: a level by its last day and its highest,
 * an activity by its total and its busiest day.
 */
export function chartSummary(
  title: string,
  days: readonly DayValue[],
  measure: DayMeasure,
  kind: 'area' | 'bars',
): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return `${title}: no days to show.`;
  const span = `${formatDay(first.day)} to ${formatDay(last.day)}`;
  const busiest = days.reduce((best, d) => (d.value > best.value ? d : best), first);
  const show = (value: number) => formatMeasure(value, measure);
  if (kind === 'area')
    return `${title}, ${span}: ${show(last.value)} on ${formatDay(last.day)}, highest ${show(busiest.value)} on ${formatDay(busiest.day)}.`;
  const total = days.reduce((sum, d) => sum + d.value, 0);
  if (total === 0) return `${title}, ${span}: none.`;
  return `${title}, ${span}: ${show(total)} in total, most on ${formatDay(busiest.day)} with ${show(busiest.value)}.`;
}

/**
 * The axis of a count: 0, a step and two steps, the step 1, 2 or 5 times a power of ten covering
 * half the highest day (never a fraction: there is no half an upload).
 */
export function countScale(max: number): { top: number; ticks: number[] } {
  const step = max <= 2 ? 1 : niceCeiling(max / 2);
  return { top: 2 * step, ticks: [0, step, 2 * step] };
}

/**
 * The axis of bytes: as countScale, but the step counted in the unit the sizes are read in (KB, MB,
 * GB, TB of 1024), so the gridlines read "2 GB", "4 GB" rather than "1.9 GB", "3.7 GB".
 */
export function bytesScale(max: number): { top: number; ticks: number[] } {
  const half = max / 2;
  if (half <= 1) return { top: 2, ticks: [0, 1, 2] };
  // The unit of the top, not of the half: 1.6 KB reads "1 KB, 2 KB", not "1,000 bytes, 2 KB".
  const power = Math.min(4, Math.floor(Math.log(max) / Math.log(1024)));
  const unit = 1024 ** power;
  const step = niceCeiling(half / unit) * unit;
  return { top: 2 * step, ticks: [0, step, 2 * step] };
}
