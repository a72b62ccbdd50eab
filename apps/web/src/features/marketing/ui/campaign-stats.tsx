import { Fragment } from 'react';
import { cx } from '../../../ui/cx';
import type { Campaign } from '../api/campaigns';

type Stats = Campaign['stats'];

/** A share as people read it: "42%", "0.5%"; a dash when there is nothing to share. */
function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const share = (part / whole) * 100;
  return `${share >= 10 || share === 0 ? Math.round(share) : share.toFixed(1)}%`;
}

/** Opens and clicks are rates of the mails that arrived (or were sent, before any delivery is known). */
const reached = (stats: Stats) => stats.delivered || stats.sent;

/** "412 of 1,234 sent": how far a send has gone, as a bar and in words. */
export function SendProgress({ stats }: { stats: Stats }) {
  // `sent` is every mail handed over, delivered or failed (delivered + failed = sent): failed are in it.
  const done = stats.sent;
  const total = Math.max(stats.recipients, done);
  const share = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Sending progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done.toLocaleString('en')} of ${total.toLocaleString('en')}`}
        className="h-2.5 overflow-hidden rounded-full bg-surface-raised"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm text-muted">
        {done.toLocaleString('en')} of {total.toLocaleString('en')} mailed ({share}%)
        {stats.failed > 0 && `, ${stats.failed.toLocaleString('en')} failed`}
      </p>
    </div>
  );
}

interface Figure {
  label: string;
  value: number;
  note?: string;
  /** The bar's colour class. */
  tone: string;
}

function figuresOf(stats: Stats): Figure[] {
  return [
    { label: 'Sent', value: stats.sent, note: `of ${stats.recipients.toLocaleString('en')}`, tone: 'bg-primary' },
    { label: 'Delivered', value: stats.delivered, tone: 'bg-primary' },
    { label: 'Failed', value: stats.failed, tone: 'bg-danger' },
    {
      label: 'Opened',
      value: stats.opened,
      note: `${percent(stats.opened, reached(stats))} open rate`,
      tone: 'bg-success',
    },
    {
      label: 'Clicked',
      value: stats.clicked,
      note: `${percent(stats.clicked, reached(stats))} click rate`,
      tone: 'bg-success',
    },
    { label: 'Unsubscribed', value: stats.unsubscribed, tone: 'bg-warning' },
  ];
}

/**
 * A campaign's figures, then the same as bars, each as long as its share of the recipients. Plain
 * elements, no chart library (like the billing spend chart), and HTML rather than a scaled SVG so
 * the labels stay readable on a phone. The picture is one image with a title for screen readers;
 * the figures themselves are the list above it.
 */
export function CampaignStats({ stats }: { stats: Stats }) {
  const figures = figuresOf(stats);
  const top = Math.max(1, stats.recipients, ...figures.map((f) => f.value));
  const title = `Campaign figures: ${figures.map((f) => `${f.label.toLowerCase()} ${f.value.toLocaleString('en')}`).join(', ')}.`;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-0 rounded-lg border border-border p-3">
            <dt className="text-xs text-muted">{figure.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{figure.value.toLocaleString('en')}</dd>
            {figure.note && <dd className="text-xs text-muted">{figure.note}</dd>}
          </div>
        ))}
      </dl>
      <div
        role="img"
        aria-label={title}
        className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2"
      >
        {figures.map((figure) => (
          <Fragment key={figure.label}>
            <span className="text-sm text-muted">{figure.label}</span>
            <span className="h-3 overflow-hidden rounded bg-surface-raised">
              <span
                className={cx('block h-full rounded', figure.tone)}
                style={{ width: `${(figure.value / top) * 100}%`, minWidth: figure.value > 0 ? 2 : 0 }}
              />
            </span>
            <span className="text-right text-sm tabular-nums">{figure.value.toLocaleString('en')}</span>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
