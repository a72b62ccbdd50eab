import type { SubscriberImport } from '../api/imports';

const count = (n: number) => n.toLocaleString('en');

const KIND_WORDS: Record<SubscriberImport['problems'][number]['kind'], string> = {
  duplicate: 'Duplicate',
  invalid_email: 'Invalid address',
  bad_row: 'Bad line',
  suppressed: 'Deleted before',
};

/** The figures of an import: what was added, updated and set aside, each counted. */
export function ImportFigures({ subscriberImport: i }: { subscriberImport: SubscriberImport }) {
  const figures: [string, number][] = [
    ['Added', i.created],
    ['Updated', i.updated],
    ['Already there, unchanged', i.unchanged],
    ['Duplicates in the file', i.duplicates],
    ['Invalid addresses and bad lines', i.invalid],
    ['Deleted before, skipped', i.suppressed],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-xl font-semibold">{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every problem kept, by line number, so the file can be mended and the lines imported again. */
export function ImportProblems({ subscriberImport: i }: { subscriberImport: SubscriberImport }) {
  const total = i.duplicates + i.invalid + i.suppressed;
  if (i.problems.length === 0) return <p className="text-sm text-muted">No line of the file had a problem.</p>;
  return (
    <div className="grid gap-2">
      {total > i.problems.length && (
        <p className="text-sm text-muted">
          The first {count(i.problems.length)} of {count(total)} problems, by line.
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Problems, by line of the file</caption>
          <thead className="bg-surface-raised text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Problem
              </th>
              <th scope="col" className="px-3 py-2">
                Value
              </th>
              <th scope="col" className="px-3 py-2">
                Why
              </th>
            </tr>
          </thead>
          <tbody>
            {i.problems.map((problem) => (
              <tr key={`${problem.line}:${problem.kind}`} className="border-t border-border align-top">
                <td className="px-3 py-2 tabular-nums">{problem.line}</td>
                <td className="px-3 py-2 whitespace-nowrap">{KIND_WORDS[problem.kind]}</td>
                <td className="max-w-48 px-3 py-2 break-all">{problem.value}</td>
                <td className="min-w-48 px-3 py-2">{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
