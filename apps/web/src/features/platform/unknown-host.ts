import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePlatformQuery } from '../../app/platform';

/** The development hosts, always accepted in development (Vite's dev server, `npm run dev`). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface UnknownHostInput {
  /** Where the console is (window.location). */
  href: string;
  /** The platform's domains (host names). */
  domains: readonly string[];
  /** A development build: loopback hosts are fine whatever the platform says. */
  dev: boolean;
}

/**
 * SPEC.md section 2: on a host the platform does not list, the console moves to the platform's
 * first domain, same path, query and hash. Null when the host is one of the platform's (or a
 * loopback host in development), or the platform lists no domain at all.
 */
export function unknownHostRedirect({ href, domains, dev }: UnknownHostInput): string | null {
  const url = new URL(href);
  const host = url.hostname.toLowerCase();
  const first = domains[0];
  if (!first) return null;
  if (domains.some((d) => d.toLowerCase() === host)) return null;
  if (dev && LOOPBACK_HOSTS.has(host)) return null;
  url.hostname = first;
  return url.href;
}

const replaceLocation = (href: string) => window.location.replace(href);

/** Runs the check against the platform the root loads; the root route calls it (app/router.tsx). */
export function useUnknownHostRedirect(
  dev: boolean = import.meta.env.DEV,
  go: (href: string) => void = replaceLocation,
): void {
  const project = useSearch({ strict: false, select: (search) => search.project });
  const domains = usePlatformQuery(project).data?.domains;
  useEffect(() => {
    if (!domains) return;
    const target = unknownHostRedirect({ href: window.location.href, domains, dev });
    if (target) go(target);
  }, [domains, dev, go]);
}
