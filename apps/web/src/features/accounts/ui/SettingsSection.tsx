import { useId, type ReactNode } from 'react';

/** A settings page's heading. */
export function SettingsHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description && <p className="mt-1.5 text-sm/6 text-muted">{description}</p>}
    </div>
  );
}

/** One titled card of a settings page. */
export function SettingsSection({
  title,
  description,
  children,
  aside,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm/6 text-muted">{description}</p>}
        </div>
        {aside && <div className="shrink-0">{aside}</div>}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A small coloured label ("Verified", "On"). */
export function Badge({ tone, children }: { tone: 'success' | 'warning' | 'muted'; children: ReactNode }) {
  const tones = {
    success: 'bg-success-soft text-success',
    warning: 'bg-warning-soft text-warning',
    muted: 'bg-surface-raised text-muted',
  };
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}
