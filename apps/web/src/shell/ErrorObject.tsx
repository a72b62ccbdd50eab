import { Link } from '@tanstack/react-router';
import { routeExists } from '../app/navigation';
import { menuLink } from '../features/menu/menu-links';
import { cx } from '../ui/cx';

/** An error object of SPEC.md sections 3 and 8 (a project's billing flags, an API error): `{code, message, level}`. */
export interface ErrorObjectValue {
  code: string;
  message: string;
  /** info, warning or error (danger and success are read too); anything else is info. */
  level?: string;
}

export type ErrorLevel = 'info' | 'warning' | 'error' | 'success';

export interface ErrorAction {
  label: string;
  /** The route the action opens, by name; carried with the active project. */
  route: string;
}

interface CatalogueEntry {
  message: string;
  level?: ErrorLevel;
  actions?: ErrorAction[];
}

/**
 * What SPEC.md section 8 says about known codes: the words to show, the level when the object has
 * none, and the actions that fix it. Unknown codes show their own message with no action.
 */
export const errorCatalogue: Record<string, CatalogueEntry> = {
  COMPANY_NOT_FOUND: {
    message: 'Company setup required.',
    level: 'error',
    actions: [{ label: 'Fix', route: 'projects.settings' }],
  },
  SETUP_INTENT_FAILED: { message: 'Failed to create a payment method.', level: 'error' },
  INSUFFICIENT_BALANCE: { message: 'Balance is insufficient to complete this charge.', level: 'error' },
  payment_method_required: {
    message: 'Missing payment method.',
    level: 'error',
    actions: [{ label: 'Add', route: 'billing.payment-methods' }],
  },
  payment_method_expiring: {
    message: 'Payment method expiring soon.',
    level: 'warning',
    actions: [{ label: 'Update', route: 'billing.payment-methods' }],
  },
  payment_method_expired: {
    message: 'Payment method expired.',
    level: 'error',
    actions: [{ label: 'Fix', route: 'billing.payment-methods' }],
  },
  credit_limit_warning: { message: 'Near credit limit.', level: 'warning' },
  credit_limit_exceeded: { message: 'Credit limit exceeded.', level: 'error' },
  has_overdue_invoices: { message: 'Account has overdue invoices.', level: 'error' },
};

/** An object's level as one of the four the console colours (`danger` is `error`). */
export function errorLevel(error: ErrorObjectValue): ErrorLevel {
  const level = error.level ?? errorCatalogue[error.code]?.level;
  if (level === 'error' || level === 'danger') return 'error';
  if (level === 'warning' || level === 'success') return level;
  return 'info';
}

/** The words to show: the catalogue's for a known code, else the object's own. */
export function errorMessage(error: ErrorObjectValue): string {
  return errorCatalogue[error.code]?.message ?? error.message;
}

/** The actions of a code whose routes exist (later issues add billing.payment-methods…). */
export function errorActions(error: ErrorObjectValue): ErrorAction[] {
  return (errorCatalogue[error.code]?.actions ?? []).filter((action) => routeExists(action.route));
}

/** The most pressing first: errors, then warnings, then the rest. */
const severity: Record<ErrorLevel, number> = { error: 0, warning: 1, info: 2, success: 3 };

export function bySeverity<T extends ErrorObjectValue>(errors: readonly T[]): T[] {
  return [...errors].sort((a, b) => severity[errorLevel(a)] - severity[errorLevel(b)]);
}

export const levelClasses: Record<ErrorLevel, string> = {
  error: 'bg-danger-soft text-danger',
  warning: 'bg-warning-soft text-warning',
  info: 'bg-primary-soft text-text',
  success: 'bg-success-soft text-success',
};

const levelWords: Record<ErrorLevel, string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Note',
  success: 'Done',
};

/**
 * One error object: its message in its level's colours and the actions that fix it, as links
 * carrying the active project. `inline` sits in a bar (the announcement); `block` is a box.
 */
export function ErrorObject({
  error,
  project,
  variant = 'block',
  className,
}: {
  error: ErrorObjectValue;
  project?: string | undefined;
  variant?: 'inline' | 'block';
  className?: string;
}) {
  const level = errorLevel(error);
  const actions = errorActions(error);
  return (
    <div
      data-level={level}
      className={cx(
        'flex min-w-0 items-center gap-x-3 gap-y-1 text-sm',
        variant === 'block' ? cx('flex-wrap rounded-lg px-3.5 py-3', levelClasses[level]) : 'flex-nowrap',
        className,
      )}
    >
      <p className="min-w-0 truncate">
        {/* The colour says the level to sighted users; the words say it to everyone else. */}
        <span className="sr-only">{levelWords[level]}: </span>
        <span className="font-medium">{errorMessage(error)}</span>
      </p>
      {actions.map((action) => {
        const link = menuLink(action.route, project);
        return (
          <Link
            key={action.label}
            to={link.to}
            search={link.search}
            className="shrink-0 rounded-sm font-semibold underline underline-offset-4 hover:no-underline"
          >
            {action.label}
          </Link>
        );
      })}
    </div>
  );
}
