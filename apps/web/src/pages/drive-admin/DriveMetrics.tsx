import type { DriveMetrics as Metrics, DriveMetricsDay } from '@wharf/contract';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useAdminDriveMetrics } from '../../features/drive/api/admin-drive-metrics';
import { useAdminDriveProjectMetrics } from '../../features/drive/api/admin-drive-project-metrics';
import { formatBytes } from '../../features/drive/format';
import { Table, type Column } from '../../features/billing/ui/Table';
import { errorMessage } from '../../features/forms/form-errors';
import { cx } from '../../ui/cx';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { DayChart, formatDay, formatMeasure, type DayMeasure } from './DayChart';
import { lastDays, PERIOD_DAYS, type PeriodDays } from './period';

/** The parts of a metrics query the view shows. */
interface MetricsQuery {
  data: Metrics | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** Every drive together, day by day. */
/** What the drives held at the period's last day: "3.2 MB · 1 file". */
export function storedFigure(last: Pick<DriveMetricsDay, 'storedBytes' | 'fileCount'> | undefined): string {
  if (!last) return '—';
  return `${formatBytes(last.storedBytes)} · ${formatMeasure(last.fileCount, 'count')} ${last.fileCount === 1 ? 'file' : 'files'}`;
}

export function AllDrivesMetrics() {
  const [days, setDays] = useState<PeriodDays>(30);
  const query = useAdminDriveMetrics(useMemo(() => lastDays(days), [days]));
  return <MetricsView query={query} days={days} onDays={setDays} scope="All drives" />;
}

/** One project's drive, day by day. */
export function ProjectDriveMetrics({ project, name }: { project: string; name: string }) {
  const [days, setDays] = useState<PeriodDays>(30);
  const query = useAdminDriveProjectMetrics(
    project,
    useMemo(() => lastDays(days), [days]),
  );
  return <MetricsView query={query} days={days} onDays={setDays} scope={name} />;
}

function MetricsView({
  query,
  days,
  onDays,
  scope,
}: {
  query: MetricsQuery;
  days: PeriodDays;
  onDays: (days: PeriodDays) => void;
  /** Whose days: "All drives", or the project's name. */
  scope: string;
}) {
  const changing = query.isFetching && query.isPlaceholderData;
  return (
    <div className="grid min-w-0 gap-4">
      <PeriodPicker value={days} onChange={onDays} label={`Period of ${scope}`} busy={changing} />
      {query.isPending ? (
        <Loading label="Loading the days…" inCard />
      ) : !query.data ? (
        <LoadError
          title="The drive's days could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className={cx('grid min-w-0 gap-4 transition-opacity', changing && 'opacity-60')} aria-busy={changing}>
          <Charts days={query.data.days} scope={scope} />
        </div>
      )}
    </div>
  );
}

/** Last 7, 30 or 90 days: a radio group (the arrow keys move along it), shown as a segmented control. */
function PeriodPicker({
  value,
  onChange,
  label,
  busy,
}: {
  value: PeriodDays;
  onChange: (days: PeriodDays) => void;
  label: string;
  busy: boolean;
}) {
  const name = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted" aria-hidden="true">
          Last
        </span>
        <div
          role="radiogroup"
          aria-label={label}
          className="inline-flex gap-1 rounded-lg bg-surface-raised p-1 text-sm font-medium"
        >
          {PERIOD_DAYS.map((n) => (
            <label key={n} className="relative">
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                // Named in full; the visible "7 days" is part of the name (and "Last" stands before the group).
                aria-label={`Last ${n} days`}
                className="peer sr-only"
              />
              <span
                className={cx(
                  'block cursor-pointer rounded-md px-3 py-1.5 peer-focus-visible:outline-2 peer-focus-visible:outline-focus',
                  value === n ? 'bg-surface text-text shadow-xs' : 'text-muted hover:text-text',
                )}
              >
                {n} days
              </span>
            </label>
          ))}
        </div>
      </div>
      {busy && (
        <span role="status" className="text-xs text-muted">
          Loading…
        </span>
      )}
    </div>
  );
}

type Metric = Exclude<keyof DriveMetricsDay, 'day'>;

const sum = (days: readonly DriveMetricsDay[], metric: Metric) => days.reduce((total, d) => total + d[metric], 0);
const series = (days: readonly DriveMetricsDay[], metric: Metric) =>
  days.map((d) => ({ day: d.day, value: d[metric] }));

/** The days shown: what the drives held, then what they did, then every number in a table. */
function Charts({ days, scope }: { days: readonly DriveMetricsDay[]; scope: string }) {
  const last = days[days.length - 1];
  const small: { title: string; metric: Metric; measure: DayMeasure; total: string }[] = [
    { title: 'Bytes served', metric: 'bytesServed', measure: 'bytes', total: formatBytes(sum(days, 'bytesServed')) },
    {
      title: 'Uploads',
      metric: 'uploads',
      measure: 'count',
      total: `${formatMeasure(sum(days, 'uploads'), 'count')} · ${formatBytes(sum(days, 'uploadedBytes'))}`,
    },
    {
      title: 'Renderings',
      metric: 'transforms',
      measure: 'count',
      total: formatMeasure(sum(days, 'transforms'), 'count'),
    },
  ];
  return (
    <>
      <ChartCard title="Stored" figure={storedFigure(last)}>
        <DayChart
          title={`${scope}: stored`}
          days={series(days, 'storedBytes')}
          measure="bytes"
          kind="area"
          size="large"
        />
      </ChartCard>
      <div className="grid min-w-0 gap-4 md:grid-cols-3">
        {small.map((chart) => (
          <ChartCard key={chart.metric} title={chart.title} figure={chart.total}>
            <DayChart
              title={`${scope}: ${chart.title.toLowerCase()}`}
              days={series(days, chart.metric)}
              measure={chart.measure}
              kind="bars"
            />
          </ChartCard>
        ))}
      </div>
      <DayTable days={days} scope={scope} />
    </>
  );
}

function ChartCard({ title, figure, children }: { title: string; figure: string; children: ReactNode }) {
  return (
    <figure className="grid min-w-0 content-start gap-2 rounded-lg border border-border p-3 sm:p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-sm font-medium">{title}</span>
        <span className="text-xs text-muted tabular-nums">{figure}</span>
      </figcaption>
      {children}
    </figure>
  );
}

/** Every day's numbers, behind a disclosure: the charts' text alternative, and the exact values for anyone. */
function DayTable({ days, scope }: { days: readonly DriveMetricsDay[]; scope: string }) {
  const bytes =
    (metric: Metric): Column<DriveMetricsDay>['cell'] =>
    (d) =>
      formatBytes(d[metric]);
  const count =
    (metric: Metric): Column<DriveMetricsDay>['cell'] =>
    (d) =>
      formatMeasure(d[metric], 'count');
  const columns: Column<DriveMetricsDay>[] = [
    { header: 'Day', cell: (d) => <span className="whitespace-nowrap">{formatDay(d.day)}</span> },
    { header: 'Stored', numeric: true, cell: bytes('storedBytes') },
    { header: 'Files', numeric: true, cell: count('fileCount') },
    { header: 'Uploads', numeric: true, cell: count('uploads') },
    { header: 'Uploaded', numeric: true, cell: bytes('uploadedBytes') },
    { header: 'Served', numeric: true, cell: bytes('bytesServed') },
    { header: 'Renderings', numeric: true, cell: count('transforms') },
  ];
  return (
    <details className="group min-w-0 rounded-lg border border-border">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-surface-raised focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus sm:px-4 [&::-webkit-details-marker]:hidden">
        Show the numbers by day
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180 motion-reduce:transition-none"
        >
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="border-t border-border px-2 py-2 sm:px-3">
        <Table caption={`${scope}, day by day`} columns={columns} rows={days} keyOf={(d) => d.day} />
      </div>
    </details>
  );
}
