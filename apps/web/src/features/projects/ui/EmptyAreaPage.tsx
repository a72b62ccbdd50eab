import type { Permission } from '@wharf/contract/permissions';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pathOf, routeExists, type RouteNameInput } from '../../../app/navigation';
import { EmptyState } from '../../../ui/ListStates';
import { linkClasses } from '../../accounts/ui/AuthCard';
import type { Project } from '../api/projects';
import { ProjectPage } from './ProjectPage';

export interface EmptyAreaProps {
  title: string;
  description?: ReactNode;
  /** What the page needs to be seen at all. */
  permission: Permission;
  /** The area's empty state: what is missing, why, and one useful next step. */
  empty: { title: string; body: ReactNode; next: { route: RouteNameInput; label: string } };
  /** What the project already has to show; nothing (`null`) shows the empty state. */
  children?: (project: Project) => ReactNode;
}

/**
 * A project page of an area whose data comes in a later issue (SPEC.md section 2 names its route
 * now): the frame of ProjectPage and the area's real empty state, never a placeholder.
 */
export function EmptyAreaPage({ title, description, permission, empty, children }: EmptyAreaProps) {
  return (
    <ProjectPage title={title} description={description} permissions={[permission]}>
      {(project) =>
        children?.(project) ?? (
          <EmptyState title={empty.title}>
            <p>{empty.body}</p>
            {routeExists(String(empty.next.route)) && (
              <Link
                to={pathOf(empty.next.route)}
                search={{ project: project.id }}
                className={`mt-3 inline-block ${linkClasses}`}
              >
                {empty.next.label}
              </Link>
            )}
          </EmptyState>
        )
      }
    </ProjectPage>
  );
}
