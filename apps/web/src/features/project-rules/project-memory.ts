/**
 * The project of the previous navigations: the last `project` a resolved navigation carried. Pages
 * that take no project (the account pages remove it) leave it as it was, so going back to a
 * project page continues in the same project, and a different project in a later navigation is a
 * switch (SPEC.md section 2, project-rules.ts).
 */
export function createProjectMemory() {
  let current: string | undefined;
  return {
    get current(): string | undefined {
      return current;
    },
    remember(projectId: string): void {
      current = projectId;
    },
    /** Signed out: the next user starts from their own projects. */
    forget(): void {
      current = undefined;
    },
  };
}

export type ProjectMemory = ReturnType<typeof createProjectMemory>;
