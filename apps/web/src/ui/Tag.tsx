import type { ReactNode } from 'react';
import { cx } from './cx';

export type TagTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

const tones: Record<TagTone, string> = {
  neutral: 'border-border bg-surface-raised text-text',
  primary: 'border-transparent bg-primary-soft text-primary',
  success: 'border-transparent bg-success-soft text-success',
  warning: 'border-transparent bg-warning-soft text-warning',
  danger: 'border-transparent bg-danger-soft text-danger',
};

/** A small label: a role a member holds, an invitation's status, a key's permission. */
export function Tag({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: TagTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex max-w-full items-center rounded-full border px-2 py-0.5 text-xs font-medium break-all',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
