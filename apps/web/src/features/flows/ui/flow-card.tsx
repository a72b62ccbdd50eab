import type { ReactNode } from 'react';
import { StepIcon, type FlowCardKind } from './step-icon';

/**
 * One card of the visual list: its kind's badge, a caption ("Step 2 · Wait"), the sentence that
 * says what it does, what stands at it now, its buttons, and its editor when open.
 */
export function FlowCard({
  kind,
  caption,
  summary,
  figure,
  actions,
  problems,
  children,
}: {
  kind: FlowCardKind;
  caption: string;
  summary: string;
  /** "12 subscribers here now": runs of the live version at this step. */
  figure?: string | undefined;
  actions?: ReactNode;
  /** What is wrong with it that its editor does not show beside a field. */
  problems?: readonly string[];
  /** The open editor. */
  children?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-border bg-surface p-3 shadow-xs sm:p-4">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <StepIcon kind={kind} />
        <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
          <span className="text-xs font-medium text-muted">{caption}</span>
          <span className="font-medium break-words">{summary}</span>
          {figure && <span className="text-xs text-muted">{figure}</span>}
        </div>
        {actions && <div className="ml-auto flex flex-wrap items-center gap-1">{actions}</div>}
      </div>
      {problems && problems.length > 0 && (
        <ul className="mt-2 grid gap-1 text-sm text-danger">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {children && <div className="mt-3 border-t border-border pt-3">{children}</div>}
    </div>
  );
}

/** The line from one card to the next, with what sits on it (the button that adds a step there). */
export function Connector({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center">
      <span aria-hidden="true" className="h-4 w-px bg-border" />
      {children}
      <span aria-hidden="true" className="h-4 w-px bg-border" />
    </div>
  );
}
