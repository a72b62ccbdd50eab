import type { ToastAction, ToastLevel } from './toasts';
import { levelClasses } from '../../shell/ErrorObject';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';

/** Danger and warning interrupt screen readers (role alert); info and success wait (role status). */
export function roleFor(level: ToastLevel): 'alert' | 'status' {
  return level === 'danger' || level === 'warning' ? 'alert' : 'status';
}

/** A level's theme colours, the same the announcement bar and error objects use. */
export function levelTone(level: ToastLevel): string {
  return levelClasses[level === 'danger' ? 'error' : level];
}

const control =
  'shrink-0 rounded-md font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/** The toast's own action: runs it, then the toast goes. */
export function ActionButton({ action, onDone }: { action: ToastAction; onDone: () => void }) {
  return (
    <button
      type="button"
      onClick={() => {
        action.onClick();
        onDone();
      }}
      className={cx(control, 'px-2 py-1 text-sm underline underline-offset-4 hover:no-underline')}
    >
      {action.label}
    </button>
  );
}

export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" aria-label={label} onClick={onClick} className={cx(control, 'p-1')}>
      <Icon name="close" size={16} />
    </button>
  );
}
