/**
 * The project the user last switched to, kept across visits in local storage. projects.switch writes
 * it; a page that needs a project and has none in its query may start from it (SPEC.md section 2:
 * "the active or first project is added to the query").
 */
export const ACTIVE_PROJECT_STORAGE_KEY = 'wharf.activeProject';

/** The remembered project's id, or null (never chosen, or storage unavailable). */
export function getRememberedProject(): string | null {
  try {
    return window.localStorage.getItem(ACTIVE_PROJECT_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function rememberActiveProject(projectId: string): void {
  try {
    window.localStorage.setItem(ACTIVE_PROJECT_STORAGE_KEY, projectId);
  } catch {
    // Private modes may refuse storage; the switch still works for this visit.
  }
}

/** Forgets the remembered project; with an id, only if it is that one (a deleted project). */
export function forgetActiveProject(projectId?: string): void {
  try {
    if (projectId === undefined || getRememberedProject() === projectId) {
      window.localStorage.removeItem(ACTIVE_PROJECT_STORAGE_KEY);
    }
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/**
 * The project to work in when a page names none: the remembered one if the user still belongs to
 * it, else the first of the list.
 */
export function preferredProject<P extends { id: string }>(projects: readonly P[]): P | undefined {
  const remembered = getRememberedProject();
  return projects.find((p) => p.id === remembered) ?? projects[0];
}
