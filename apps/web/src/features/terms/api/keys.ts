/** Query keys of the terms: the active version per platform and project, and the admins' version list. */
export const termsKeys = {
  all: ['terms'] as const,
  active: (platformId: string, project: string | undefined) =>
    [...termsKeys.all, 'active', platformId, { project: project ?? null }] as const,
  versions: (platformId: string) => [...termsKeys.all, 'versions', platformId] as const,
};
