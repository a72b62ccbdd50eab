import type { HealthStatus, Platform, User } from '@wharf/contract';
import { permissionCatalogue, permissions as allPermissions } from '@wharf/contract/permissions';
import { makeJwt } from './jwt';

export const platform: Platform = {
  id: '0b6f3c2e-4d1a-4f7e-9c55-7c1c2d7a1b10',
  name: 'Wharf',
  domains: ['localhost'],
  public: true,
  favicon: '/brand/favicon.svg',
  logos: [
    { url: '/brand/logo-desktop-light.svg', meta: { device: 'desktop', theme: 'light' } },
    { url: '/brand/logo-desktop-dark.svg', meta: { device: 'desktop', theme: 'dark' } },
    { url: '/brand/logo-mobile-light.svg', meta: { device: 'mobile', theme: 'light' } },
    { url: '/brand/logo-mobile-dark.svg', meta: { device: 'mobile', theme: 'dark' } },
  ],
};

export const healthy: HealthStatus = { status: 'ok', service: 'wharf', checks: { database: 'ok' } };

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const user: User = {
  id: '3c8e8f5e-1a3b-4d5c-9e7f-0a1b2c3d4e5f',
  email: 'ada@example.com',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
  features: [],
  isAdmin: false,
  signedPlatformTermsLogs: [],
  emailVerified: true,
  twoFactorEnabled: false,
};

/** An error answer in the server's shape. */
export function apiError(
  status: number,
  code: string,
  message = code,
  errors?: { path: string; message: string }[],
): Response {
  return json(status, { code, message, ...(errors ? { errors } : {}) });
}

/** A request the fake API received. */
export interface FakeCall {
  method: string;
  /** Path and query, as requested. */
  url: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Answer = Response | Promise<Response> | ((call: FakeCall) => Response | Promise<Response>);

/** Answers keyed `METHOD /path` (no query), as `fakeApi` takes them. */
export type FakeRoutes = Record<string, Answer>;

/**
 * A fetch that answers the console's calls: the platform and health by default, anything else
 * from `routes` keyed `METHOD /path` (no query), else 404. Every request is recorded; answers may
 * be promises the test resolves when it wants, or functions of the call.
 */
export function fakeApi(answers: { platform?: Answer; health?: Answer; routes?: FakeRoutes } = {}) {
  const requests: string[] = [];
  const calls: FakeCall[] = [];
  const answer = (a: Answer | undefined, call: FakeCall, fallback: () => Response): Promise<Response> => {
    if (a === undefined) return Promise.resolve(fallback());
    if (typeof a === 'function') return Promise.resolve(a(call));
    // A Response given once may answer many calls.
    return a instanceof Response ? Promise.resolve(a.clone()) : a;
  };
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: FakeCall = { method, url, path, headers: new Headers(init.headers), body };
    requests.push(url);
    calls.push(call);
    const route = answers.routes?.[`${method} ${path}`];
    if (route !== undefined) return answer(route, call, () => json(500, {}));
    if (url.startsWith('/omnis/v3/platform')) return answer(answers.platform, call, () => json(200, platform));
    if (url.startsWith('/healthz')) return answer(answers.health, call, () => json(200, healthy));
    return json(404, { code: 'NOT_FOUND', message: `No route for ${method} ${url}` });
  };
  /** The calls made to one `METHOD /path`. */
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);
  return { fetch, requests, calls, callsTo };
}

/** Routes of a signed-in session for `fakeApi({ routes: { ...signedIn(), … } })`. */
export function signedIn(who: User = user): FakeRoutes {
  return { 'GET /omnis/v3/dashboard/user': () => json(200, who) };
}

/** The token route, for service calls (`/v1/…`) made with the bearer token of `who`'s session. */
export function serviceToken(who: User = user): FakeRoutes {
  return {
    'POST /omnis/v3/dashboard/user/token': () => {
      const iat = Math.floor(Date.now() / 1000);
      return json(200, { token: makeJwt({ sub: who.id, iat, exp: iat + 300 }) });
    },
  };
}

/** The API of `who`'s session, able to call the service (`/v1/…`), answering `routes` besides. */
export function signedInApi(routes: FakeRoutes = {}, who: User = user) {
  return fakeApi({ routes: { ...signedIn(who), ...serviceToken(who), ...routes } });
}

/** The query of a call (`?pageSize=20&search=ada`) as an object. */
export function queryOf(call: Pick<FakeCall, 'url'> | undefined): Record<string, string> {
  return Object.fromEntries(new URL(call?.url ?? '', 'http://console.test').searchParams);
}

/** One page of a keyset-paged list; `nextPageToken` asks for the next. */
export function listPage(items: unknown[], nextPageToken: string | null = null): Response {
  return json(200, { items, nextPageToken });
}

/** A mail of the outbox (GET /v1/admin/mail/outbox), queued and unsent unless told otherwise. */
export interface FakeMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  sentAt: string | null;
}

export function mail(n: number, fields: Partial<FakeMail> = {}): FakeMail {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    to: 'ada@example.com',
    subject: `Mail ${n}`,
    text: `Body of mail ${n}.`,
    html: null,
    createdAt: new Date(Date.UTC(2026, 10, 21, 12, 0, 0) - n * 60_000).toISOString(),
    sentAt: null,
    ...fields,
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// Projects, organisations and access decisions (the projects, organisations and project settings pages).

/** An organisation (GET /v1/organisations), two-factor optional unless told otherwise. */
export interface FakeOrganisation {
  id: string;
  name: string;
  requireTwoFactor: boolean;
}

export function fakeOrganisation(n: number, fields: Partial<FakeOrganisation> = {}): FakeOrganisation {
  return {
    id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
    name: `Organisation ${n}`,
    requireTwoFactor: false,
    ...fields,
  };
}

/** A project (GET /v1/projects), in organisation 1 with no logos unless told otherwise. */
export interface FakeProject {
  id: string;
  name: string;
  organisationId: string;
  integrations: { code: string }[];
  logos: { url: string; meta: { context: string; backgroundColor?: string } }[];
  settings: { currency?: string; timezone?: string; weightUnit?: 'g' | 'kg' | 'lb' | 'oz' };
  platform: { name: string };
  billing: { plan: { code: string }; flags: { code: string; message: string; level: string }[] };
}

export function fakeProject(n: number, fields: Partial<FakeProject> = {}): FakeProject {
  return {
    id: `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`,
    name: `Project ${n}`,
    organisationId: fakeOrganisation(1).id,
    integrations: [],
    logos: [],
    settings: {},
    platform: { name: platform.name },
    billing: { plan: { code: 'starter' }, flags: [] },
    ...fields,
  };
}

/**
 * `POST /v1/enforcer/enforce` granting the listed permissions and denying every other one asked
 * (403 with the same lists, as the server answers when anything is denied).
 */
export function enforceRoute(granted: readonly string[]): FakeRoutes {
  return {
    'POST /v1/enforcer/enforce': ({ body }: FakeCall) => {
      const asked = (body as { permissions?: string[] } | undefined)?.permissions ?? [];
      const answer = {
        permissions: {
          granted: asked.filter((p) => granted.includes(p)),
          denied: asked.filter((p) => !granted.includes(p)),
        },
        resolutions: { roles: [] },
      };
      return answer.permissions.denied.length > 0
        ? json(403, { ...answer, code: 'FORBIDDEN', message: 'Permission denied' })
        : json(200, answer);
    },
  };
}

/* ---- Project pages (users, roles, invites, API keys, billing) ---- */

/**
 * `POST /v1/enforcer/enforce` deciding from what the user holds: 200 when every asked permission is
 * held, else 403 with the same lists (SPEC.md section 6). `held` may be a function, for a test
 * whose user gains a role half-way.
 */
export function enforceFrom(held: Iterable<string> | (() => Iterable<string>)): (call: FakeCall) => Response {
  return (call) => {
    const holds = new Set(typeof held === 'function' ? held() : held);
    const asked = (call.body as { permissions: string[] }).permissions;
    const granted = asked.filter((p) => holds.has(p));
    const denied = asked.filter((p) => !holds.has(p));
    const body = { permissions: { granted, denied }, resolutions: { roles: [] } };
    return denied.length === 0
      ? json(200, body)
      : json(403, { code: 'FORBIDDEN', message: 'Some permissions are denied', ...body });
  };
}

/** The routes every project page needs: the project list holding the project, and /enforce. */
export function projectRoutes(
  held: Iterable<string> | (() => Iterable<string>),
  project: FakeProject = fakeProject(1),
): FakeRoutes {
  return { 'GET /v1/projects': () => json(200, [project]), 'POST /v1/enforcer/enforce': enforceFrom(held) };
}

/** The API behind a project page: the user is in `project` alone, holds `held` there, and `routes` answer the rest. */
export function projectPageApi(
  held: Iterable<string> | (() => Iterable<string>),
  routes: FakeRoutes = {},
  project: FakeProject = fakeProject(1),
) {
  return signedInApi({ ...projectRoutes(held, project), ...routes });
}

/** GET /v1/enforcer/permissions. */
export const fakeCatalogue = Object.entries(permissionCatalogue).map(([key, description]) => ({ key, description }));

export interface FakeRole {
  id: string;
  key: string;
  name: string;
  description: string;
  permissions: string[];
  builtIn: boolean;
}

const reading = (except: string[]) => allPermissions.filter((p) => p.endsWith('.read') && !except.includes(p));

/** The built-in roles as the server has them. */
export const builtInRoleFixtures: FakeRole[] = [
  ['owner', 'Owner', 'Everything, including deleting the project.', [...allPermissions]],
  ['admin', 'Admin', 'Everything but deleting the project.', allPermissions.filter((p) => p !== 'projects.delete')],
  [
    'member',
    'Member',
    'Day-to-day work: chat, files and modules, no billing or administration.',
    [...reading(['billing.read', 'audit.read', 'authkeys.read']), 'chat.write', 'drive.write'],
  ],
  [
    'finance',
    'Finance',
    'Billing: plans, invoices, payments and wallets.',
    ['projects.read', 'members.read', 'billing.read', 'billing.manage', 'integrations.read', 'blog.read'],
  ],
  [
    'viewer',
    'Viewer',
    'Read-only, without billing or the audit log.',
    reading(['billing.read', 'audit.read', 'authkeys.read']),
  ],
].map(([key, name, description, permissions], i) => ({
  id: `0b0e0000-0000-4000-8000-00000000000${i + 1}`,
  key: key as string,
  name: name as string,
  description: description as string,
  permissions: permissions as string[],
  builtIn: true,
}));

export function builtInRoleFixture(key: string): FakeRole {
  const role = builtInRoleFixtures.find((r) => r.key === key);
  if (!role) throw new Error(`No built-in role ${key}`);
  return role;
}

/** A project's own role. */
export function customRoleFixture(n: number, fields: Partial<FakeRole> = {}): FakeRole {
  const name = fields.name ?? `Custom ${n}`;
  return {
    id: `c0570000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    key: `custom:${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    name,
    description: '',
    permissions: ['projects.read'],
    builtIn: false,
    ...fields,
  };
}

export interface FakeMember {
  user: {
    id: string;
    email: string;
    username: string | null;
    firstName: string | null;
    lastName: string | null;
    avatar: string | null;
  };
  roles: string[];
  joinedAt: string;
}

/** A member of GET /v1/projects/{project}/users. */
export function memberFixture(n: number, fields: { user?: Partial<FakeMember['user']>; roles?: string[] } = {}) {
  const member: FakeMember = {
    user: {
      id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
      email: `person${n}@example.com`,
      username: null,
      firstName: `Person`,
      lastName: `${n}`,
      avatar: null,
      ...fields.user,
    },
    roles: fields.roles ?? ['member'],
    joinedAt: new Date(Date.UTC(2026, 0, n, 9, 0, 0)).toISOString(),
  };
  return member;
}

export interface FakeInvite {
  id: string;
  email: string;
  role: string;
  status: 'pending' | 'expired' | 'accepted' | 'revoked';
  createdAt: string;
  expiresAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invitation of GET /v1/projects/{project}/invites: pending, sent a day ago, expiring in 6 days. */
export function inviteFixture(n: number, fields: Partial<FakeInvite> = {}): FakeInvite {
  const now = Date.now();
  return {
    id: `1e000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `guest${n}@example.com`,
    role: 'member',
    status: 'pending',
    createdAt: new Date(now - DAY_MS).toISOString(),
    expiresAt: new Date(now + 6 * DAY_MS + 60_000).toISOString(),
    ...fields,
  };
}

export interface FakeAuthKey {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** An API key of GET /v1/projects/{project}/auth. */
export function authKeyFixture(n: number, fields: Partial<FakeAuthKey> = {}): FakeAuthKey {
  return {
    id: `a0700000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Key ${n}`,
    prefix: `wk_abc${n}def`.slice(0, 10),
    permissions: ['projects.read'],
    createdAt: new Date(Date.UTC(2026, 2, n, 10, 0, 0)).toISOString(),
    lastUsedAt: null,
    ...fields,
  };
}
