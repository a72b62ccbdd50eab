import type { ReactNode } from 'react';

/** A numbered list of steps, the number in a circle. */
export function Steps({ steps }: { steps: { title: ReactNode; body?: ReactNode }[] }) {
  return (
    <ol className="grid gap-5">
      {steps.map((step, index) => (
        <li key={index} className="flex gap-4">
          <span
            aria-hidden="true"
            className="grid size-7 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
          >
            {index + 1}
          </span>
          <div className="min-w-0 pt-0.5">
            <p className="text-sm font-semibold">{step.title}</p>
            {step.body && <div className="mt-1 text-sm/6 text-muted">{step.body}</div>}
          </div>
        </li>
      ))}
    </ol>
  );
}
