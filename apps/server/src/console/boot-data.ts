import { randomBytes } from 'node:crypto';
import { permissions } from '@wharf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../core/security/cookies.js';

/**
 * What a signed-in person's console asks for first, answered with the page itself: who they are,
 * the platform, their projects and a bearer token. Without it a cold visit waits on four calls in a
 * row (user and platform, then a token, then the projects) before the first page can render.
 *
 * Each part is the answer of the real operation, called in-process with the page request's cookies,
 * host and address, so every rule (session expiry, the 2FA policy, rate limits) applies exactly as
 * it would to the browser's own call. A part that fails is left out; the console then asks itself.
 */
export interface BootData {
  user?: unknown;
  platform?: unknown;
  projects?: unknown;
  token?: string;
  /**
   * The person's decision for every permission in the page's project (`/enforce`, as the console
   * would ask it), so the page's first render need not wait for it either.
   */
  access?: { project: string; granted: string[]; denied: string[] };
  /**
   * The unread notification counts of every group (`GET …/notifications`'s `unread`), for the page
   * title and the bell: their first poll would otherwise answer while the first page renders, and
   * make React render it all again at once.
   */
  unread?: unknown;
  /** The platform's latest terms for the page's project (`activeTerms`; null while it has none). */
  terms?: { platform: string; project: string | null; terms: unknown };
}

const USER_API = '/omnis/v3/dashboard/user';

/** The request's cookies with a CSRF pair of our own, so the in-process token call passes the check. */
function cookiesWithCsrf(request: FastifyRequest, csrf: string): string {
  const kept = Object.entries(request.cookies)
    .filter(([name, value]) => name !== CSRF_COOKIE && value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`);
  return [...kept, `${CSRF_COOKIE}=${csrf}`].join('; ');
}

export async function bootDataFor(app: FastifyInstance, request: FastifyRequest): Promise<BootData | undefined> {
  if (!request.cookies[SESSION_COOKIE]) return undefined;
  const csrf = randomBytes(16).toString('hex');
  const base = {
    remoteAddress: request.ip,
    headers: {
      host: request.headers.host ?? request.hostname,
      cookie: cookiesWithCsrf(request, csrf),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
  };
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
    answered: (status: number) => boolean = (status) => status === 200,
  ) => {
    const res = await app.inject({
      ...base,
      method,
      url,
      headers: { ...base.headers, ...headers },
      ...(payload ? { payload } : {}),
    });
    return answered(res.statusCode) ? (res.json() as unknown) : undefined;
  };

  const project = new URL(request.url, 'http://page').searchParams.get('project');
  const platformUrl = project ? `/omnis/v3/platform?project=${encodeURIComponent(project)}` : '/omnis/v3/platform';
  const [user, platform, minted, notifications] = await Promise.all([
    call('GET', USER_API),
    call('GET', platformUrl),
    call('POST', `${USER_API}/token`, { [CSRF_HEADER]: csrf }),
    call('GET', `${USER_API}/notifications?pageSize=1`),
  ]);
  if (!user) return undefined;
  const unread = (notifications as { unread?: unknown } | undefined)?.unread;
  const token = (minted as { token?: string } | undefined)?.token;
  const bearer = token ? { authorization: `Bearer ${token}` } : undefined;
  const platformId = (platform as { id?: string } | undefined)?.id;
  const [terms, projects, access] = await Promise.all([
    platformId ? termsOf(platformId) : undefined,
    bearer ? call('GET', '/v1/projects', bearer) : undefined,
    bearer && project ? accessIn(project, (user as { id: string }).id, bearer) : undefined,
  ]);
  return {
    user,
    platform,
    ...(token ? { projects, token } : {}),
    ...(access ? { access } : {}),
    ...(unread !== undefined ? { unread } : {}),
    ...(terms ? { terms } : {}),
  };

  /** The active terms as the console asks for them: with the page's project, when it names one. */
  async function termsOf(platformId: string): Promise<BootData['terms']> {
    const query = project ? `?project=${encodeURIComponent(project)}` : '';
    const answer = (await call('GET', `/omnis/v3/platform/${platformId}/activeTerms${query}`)) as
      { terms?: unknown } | undefined;
    return answer ? { platform: platformId, project, terms: answer.terms ?? null } : undefined;
  }

  /** Every permission decided at once; a denial (403) carries the same lists (SPEC.md section 6). */
  async function accessIn(
    projectId: string,
    userId: string,
    bearer: Record<string, string>,
  ): Promise<BootData['access']> {
    const answer = (await call(
      'POST',
      '/v1/enforcer/enforce',
      bearer,
      { project: projectId, user: userId, permissions },
      (status) => status === 200 || status === 403,
    )) as { permissions?: { granted: string[]; denied: string[] } } | undefined;
    return answer?.permissions ? { project: projectId, ...answer.permissions } : undefined;
  }
}

/** The data as an inert JSON block for the page; `<` is escaped so no text inside can end the element. */
export function bootScript(data: BootData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="wharf-boot">${json}</script>`;
}
