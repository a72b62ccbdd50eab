import { Resolver } from 'node:dns/promises';

/** What a TXT lookup found: the records (each one's chunks joined), none, or why it failed. */
export type TxtAnswer = { kind: 'records'; values: string[] } | { kind: 'none' } | { kind: 'error'; code: string };

export type TxtLookup = (name: string) => Promise<TxtAnswer>;

/** Codes meaning "no such record" rather than a broken lookup: no data at the name, or no such name. */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * Looks TXT records up through `servers` (DNS_SERVERS: IP[:port]) or, without them, the system's
 * resolvers. A resolver of its own, so tests (and deployments behind a split-horizon DNS) choose
 * who answers without touching the process's other lookups — and a new one for each lookup: a
 * resolver keeps answers (c-ares' cache), and a check must see the record as it is now, not the
 * "no such record" of the check before the person created it (or the record they since removed).
 */
export function createTxtLookup(servers: readonly string[] | undefined): TxtLookup {
  return async (name) => {
    const resolver = new Resolver({ timeout: 5000, tries: 2 });
    if (servers && servers.length > 0) resolver.setServers([...servers]);
    try {
      const records = await resolver.resolveTxt(name);
      // A long TXT value comes in chunks of at most 255 bytes; its value is their concatenation.
      return records.length === 0 ? { kind: 'none' } : { kind: 'records', values: records.map((r) => r.join('')) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && ABSENT.has(code)) return { kind: 'none' };
      // ESERVFAIL → SERVFAIL, ETIMEOUT → TIMEOUT: the words a DNS provider's own tools use.
      return { kind: 'error', code: typeof code === 'string' ? code.replace(/^E/, '') : 'UNKNOWN' };
    }
  };
}
