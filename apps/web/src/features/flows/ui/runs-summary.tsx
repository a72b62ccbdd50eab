import type { Flow } from '../api/flows';

const FIGURES: [keyof Flow['runs'], string, string][] = [
  ['active', 'In the flow', 'Still going through its steps'],
  ['completed', 'Completed', 'Went through every step'],
  ['exited', 'Left early', 'Stopped by a condition, or unsubscribed'],
];

/** How many subscribers' runs are going, finished, or ended early. */
export function RunsSummary({ runs }: { runs: Flow['runs'] }) {
  return (
    <dl aria-label="Runs" className="grid grid-cols-3 gap-2 sm:gap-3">
      {FIGURES.map(([key, label, hint]) => (
        <div key={key} className="rounded-xl border border-border bg-surface p-3" title={hint}>
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{runs[key].toLocaleString('en')}</dd>
        </div>
      ))}
    </dl>
  );
}
