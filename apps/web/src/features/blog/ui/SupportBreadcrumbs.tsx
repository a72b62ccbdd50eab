import { Link } from '@tanstack/react-router';
import { pathOf, type RouteNameInput } from '../../../app/navigation';
import { useSupportSearch } from '../use-support-search';

/** Where a support page sits: Support › Tutorials › this page. The last crumb is the page itself. */
export function SupportBreadcrumbs({
  trail,
  current,
}: {
  trail: { label: string; route: RouteNameInput }[];
  current: string;
}) {
  const search = useSupportSearch();
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((crumb) => (
          <li key={crumb.label} className="flex items-center gap-2">
            <Link
              to={pathOf(crumb.route)}
              search={search}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {crumb.label}
            </Link>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="min-w-0 truncate">
          {current}
        </li>
      </ol>
    </nav>
  );
}
