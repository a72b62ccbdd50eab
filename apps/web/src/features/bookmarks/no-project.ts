import { errorMessage } from '../forms/form-errors';

/** SPEC.md section 5: what a bookmark operation says without an active project. */
export const NO_PROJECT_MESSAGE = 'No project selected';

export class NoProjectError extends Error {
  override readonly name = 'NoProjectError';
  constructor() {
    super(NO_PROJECT_MESSAGE);
  }
}

/** The active project, or the 'No project selected' failure: every bookmark call goes through it. */
export function requireProject(project: string | undefined | null): string {
  if (!project) throw new NoProjectError();
  return project;
}

/** What a failed bookmark call says to the person. */
export function bookmarkErrorMessage(error: unknown): string {
  if (error instanceof NoProjectError) return error.message;
  return errorMessage(error);
}
