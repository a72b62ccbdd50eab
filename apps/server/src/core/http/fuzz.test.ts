import fc from 'fast-check';
import { operations, type Operation } from '@wharf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { createUser, signInAs, USER_API } from '../../test/accounts.js';

/** Every operation: account and auth ones take input from strangers, and the rest must hold up too. */
const targets = Object.values(operations) as Operation[];

const TABLES = [
  'users',
  'sessions',
  'password_tokens',
  'recovery_codes',
  'device_codes',
  'authorization_codes',
  'mail_outbox',
  'signing_keys',
  'app_secrets',
];

const text = fc.oneof(
  fc.string(),
  fc.constantFrom('', ' ', 'null', '{}', '../', '%00', "' OR 1=1 --", 'a'.repeat(300)),
);
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      email: fc.oneof(fc.emailAddress(), text),
      password: text,
      password_confirmation: text,
      current_password: text,
      token: text,
      code: text,
      type: fc.constantFrom('authorization_code', 'urn:ietf:params:oauth:grant-type:device_code', 'password', ''),
      device_code: text,
      user_code: text,
      approve: fc.oneof(fc.boolean(), text),
      secret: text,
      one_time_password: text,
      'g-recaptcha-response': text,
      username: text,
    },
    { requiredKeys: [] },
  ),
);
const pathValue = fc.oneof(fc.webSegment(), fc.string({ minLength: 1 }).map(encodeURIComponent));
const headerValue = fc.string({ maxLength: 200 }).filter((v) => /^[\x20-\x7e]*$/.test(v));

describe('every operation under arbitrary input', () => {
  let t: TestApp;
  let sessionCookie = '';
  let csrf = '';
  let bearer = '';

  beforeAll(async () => {
    t = await createStartedTestApp();
    await createUser(t, 'fuzz@example.com');
    const browser = await signInAs(t, 'fuzz@example.com');
    sessionCookie = browser.cookies.get('wharf_session')!;
    csrf = browser.cookies.get('wharf-XSRF-TOKEN')!;
    bearer = (await browser.post(`${USER_API}/token`)).json().token;
  });
  afterAll(() => t.close());

  /** A fingerprint of every row, to prove a refused request changed nothing. */
  async function fingerprint(): Promise<string> {
    const parts: string[] = [];
    for (const table of TABLES) {
      const result = await t.database.db.execute(
        sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`),
      );
      parts.push(String((result as unknown as { rows: { h: string }[] }).rows[0]?.h));
    }
    return parts.join(',');
  }

  it.each(targets.map((op) => [op.operationId, op] as const))(
    '%s: never a 5xx, always {code, message}, no change when refused',
    async (_id, op) => {
      await fc.assert(
        fc.asyncProperty(
          jsonBody,
          fc.dictionary(fc.constantFrom('project', 'pageSize', 'pageToken', 'to', 'user', 'x'), text, { maxKeys: 3 }),
          fc.record({
            path: pathValue,
            withSession: fc.boolean(),
            withCsrf: fc.boolean(),
            withBearer: fc.boolean(),
            junk: headerValue,
          }),
          async (body, query, extra) => {
            const url = op.path.replace(/\{[^}]+\}/g, extra.path);
            const headers: Record<string, string> = { 'x-junk': extra.junk };
            if (extra.withSession) headers.cookie = `wharf_session=${sessionCookie}; wharf-XSRF-TOKEN=${csrf}`;
            if (extra.withCsrf) headers['x-csrf-token'] = csrf;
            if (extra.withBearer) headers.authorization = `Bearer ${bearer}`;
            const before = await fingerprint();
            const res = await t.app.inject({
              method: op.method,
              url,
              query: query as Record<string, string>,
              headers,
              ...(op.method === 'GET'
                ? {}
                : { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } }),
            });
            expect(res.statusCode, res.body).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const error = res.json();
              expect(typeof error.code).toBe('string');
              expect(typeof error.message).toBe('string');
              expect(await fingerprint()).toBe(before);
            }
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
