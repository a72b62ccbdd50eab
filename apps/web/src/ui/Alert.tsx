import type { ReactNode } from 'react';
import { cx } from './cx';

export type AlertTone = 'danger' | 'warning' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  danger: 'bg-danger-soft text-danger',
  warning: 'bg-warning-soft text-warning',
  success: 'bg-success-soft text-success',
  info: 'bg-primary-soft text-text',
};

/** A message block. Danger interrupts screen readers (role alert); the others wait (role status). */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cx('rounded-lg px-3.5 py-3 text-sm break-words', tones[tone], className)}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cx(title ? 'mt-1' : undefined)}>{children}</div>}
    </div>
  );
}
