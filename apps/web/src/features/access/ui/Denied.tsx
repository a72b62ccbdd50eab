import { isPermission, permissionCatalogue } from '@wharf/contract/permissions';
import type { ReactNode } from 'react';
import { Alert } from '../../../ui/Alert';

/** What a permission allows, as the catalogue says it; the key itself for one the console doesn't know. */
export function describePermission(permission: string): string {
  return isPermission(permission) ? permissionCatalogue[permission] : permission;
}

/** The one sentence that says why something is not available. */
export function deniedReason(denied: readonly string[]): string {
  const needs = denied.map((p) => `${describePermission(p)} (${p})`).join('; ');
  return `Your role in this project doesn't allow this. You need: ${needs}. Ask a project owner or admin for a role that includes it.`;
}

/** Says why a page or section is unavailable (the console hides what is denied, and says so). */
export function Denied({ denied, title = 'Not available' }: { denied: readonly string[]; title?: string }) {
  return (
    <Alert tone="warning" title={title}>
      {deniedReason(denied)}
    </Alert>
  );
}

/**
 * Above a page whose actions are denied but whose content is not: what the person can't do, and why.
 * Its `id` is what the disabled buttons are described by.
 */
export function ReadOnlyNotice({
  id,
  denied,
  children,
}: {
  id: string;
  denied: readonly string[];
  children: ReactNode;
}) {
  return (
    <p id={id} className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
      {children} {deniedReason(denied)}
    </p>
  );
}
