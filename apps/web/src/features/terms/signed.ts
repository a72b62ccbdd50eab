import type { Terms, User } from '@wharf/contract';

export type SignedTermsLog = User['signedPlatformTermsLogs'][number];

/** SPEC.md section 4: terms are signed when the list holds an entry with the same id and version. */
export function hasSigned(terms: Pick<Terms, 'id' | 'version'>, logs: readonly SignedTermsLog[]): boolean {
  return logs.some((log) => log.id === terms.id && log.version === terms.version);
}

/** Whether the person must be shown these terms: there are some, and they haven't signed them. */
export function needsSigning(
  terms: Pick<Terms, 'id' | 'version'> | null | undefined,
  logs: readonly SignedTermsLog[],
): boolean {
  return terms != null && !hasSigned(terms, logs);
}

/** The list after signing `terms`: the server's list, with the entry added should it be missing. */
export function withSigned(logs: readonly SignedTermsLog[], terms: Pick<Terms, 'id' | 'version'>): SignedTermsLog[] {
  const entry = { id: terms.id, version: terms.version };
  return hasSigned(entry, logs) ? [...logs] : [...logs, entry];
}
