import { describe, expect, it } from 'vitest';
import { unknownHostRedirect } from './unknown-host';

describe('unknown host (SPEC.md section 2)', () => {
  const domains = ['console.wharf.example', 'wharf.example'];

  it("moves to the platform's first domain, keeping path, query and hash", () => {
    expect(unknownHostRedirect({ href: 'https://old.example/users?project=p1#top', domains, dev: false })).toBe(
      'https://console.wharf.example/users?project=p1#top',
    );
  });

  it('stays on any of the platform’s domains, whatever the case', () => {
    expect(unknownHostRedirect({ href: 'https://wharf.example/dashboard/', domains, dev: false })).toBeNull();
    expect(unknownHostRedirect({ href: 'https://CONSOLE.wharf.example/', domains, dev: false })).toBeNull();
    expect(unknownHostRedirect({ href: 'https://x/', domains: ['Console.Wharf.Example', 'x'], dev: false })).toBeNull();
  });

  it('accepts loopback hosts in development only', () => {
    for (const href of ['http://localhost:5173/login', 'http://127.0.0.1:5173/login']) {
      expect(unknownHostRedirect({ href, domains, dev: true })).toBeNull();
      expect(unknownHostRedirect({ href, domains, dev: false })).toMatch(
        /^http:\/\/console\.wharf\.example:5173\/login$/,
      );
    }
  });

  it('does not redirect the end-to-end servers: the default platform lists the public URL’s host', () => {
    // apps/server/src/modules/platform/defaults.ts: PUBLIC_URL's host, localhost and 127.0.0.1.
    const e2e = ['127.0.0.1', 'localhost'];
    expect(unknownHostRedirect({ href: 'http://127.0.0.1:41234/projects', domains: e2e, dev: false })).toBeNull();
  });

  it('stays when the platform lists no domain', () => {
    expect(unknownHostRedirect({ href: 'https://anywhere.example/', domains: [], dev: false })).toBeNull();
  });
});
