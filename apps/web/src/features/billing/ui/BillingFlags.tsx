import type { BillingFlag } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../../app/navigation';
import { errorActions, errorLevel, levelClasses, type ErrorLevel } from '../../../shell/ErrorObject';
import { cx } from '../../../ui/cx';

/** A flag as the project list carries it (no actions) or as the billing project does (with them). */
export interface FlagLike {
  code: string;
  message: string;
  level: string;
  actions?: BillingFlag['actions'];
}

interface FlagLink {
  text: string;
  to: string;
  search: Record<string, string>;
}

const levelWords: Record<ErrorLevel, string> = { error: 'Error', warning: 'Warning', info: 'Note', success: 'Done' };

/**
 * The flag's own actions (the server names their routes); a flag without any (the project list's
 * copy) gets SPEC.md section 8's for its code. Only routes the console has are linked, and every
 * link carries the project.
 */
function linksOf(flag: FlagLike, project: string): FlagLink[] {
  const own = (flag.actions ?? []).flatMap((action) => {
    const route = action.route;
    if (!route || !routeExists(route.name)) return [];
    try {
      return [{ text: action.text, to: pathOf(route.name, route.params), search: { ...route.query, project } }];
    } catch {
      return [];
    }
  });
  if (own.length > 0 || (flag.actions?.length ?? 0) > 0) return own;
  return errorActions(flag).map((a) => ({ text: a.label, to: pathOf(a.route), search: { project } }));
}

/** The account alerts (SPEC.md section 8) in their level's colours, each with what fixes it. */
export function BillingFlags({
  flags,
  project,
  label = 'Account alerts',
  className,
}: {
  flags: readonly FlagLike[];
  project: string;
  label?: string;
  className?: string;
}) {
  if (flags.length === 0) return null;
  return (
    <ul aria-label={label} className={cx('grid gap-2', className)}>
      {flags.map((flag) => {
        const level = errorLevel(flag);
        return (
          <li
            key={flag.code}
            data-level={level}
            className={cx(
              'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3.5 py-3 text-sm',
              levelClasses[level],
            )}
          >
            <p className="min-w-0 flex-1">
              {/* The colour says the level to sighted users; the words say it to everyone. */}
              <span className="sr-only">{levelWords[level]}: </span>
              <span className="font-medium">{flag.message}</span>
            </p>
            {linksOf(flag, project).map((link) => (
              <Link
                key={link.text}
                to={link.to}
                search={link.search}
                className="shrink-0 rounded-sm font-semibold underline underline-offset-4 hover:no-underline"
              >
                {link.text}
              </Link>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
