import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { createUser, signInAs, solveCaptcha, STRONG_PASSWORD, TestBrowser, USER_API } from '../../test/accounts.js';
import { outboxTo } from '../mail/testing.js';
import { isProjectMember } from '../projects/members.js';
import type { BuiltInRoleKey } from './built-in-roles.js';
import { insertOrganisation, insertProject, isOrganisationMember } from '../projects/testing.js';
import { createInvite } from './invites.js';
import { roleKeysOf } from './service.js';
import { invites } from './schema.js';

describe('accepting an invitation', () => {
  let t: TestApp;
  let projectId: string;
  let organisationId: string;

  beforeAll(async () => {
    t = await createStartedTestApp({ config: { CAPTCHA_MAX_NUMBER: '2000' } });
    const platform = await t.app.services.platform.resolve({ host: 'localhost' });
    const org = await insertOrganisation(t.database.db, { platformId: platform.id, name: 'Harbour Co' });
    const project = await insertProject(t.database.db, {
      platformId: platform.id,
      organisationId: org.id,
      name: 'Harbour Outfitters',
    });
    projectId = project.id;
    organisationId = org.id;
  });
  afterAll(() => t.close());

  const invite = (email: string, role: BuiltInRoleKey = 'member') =>
    t.database.db.transaction((tx) =>
      createInvite(
        tx,
        { clock: t.clock, mail: t.app.services.mail, publicUrl: 'http://localhost:3000', platformName: 'Wharf' },
        {
          projectId,
          email,
          role,
          invitedBy: null,
        },
      ),
    );
  const accept = (browser: TestBrowser, token: string) => browser.get(`${USER_API}/accept-invite/${token}`);

  it('mails a link to the console page, and joins the project and its organisation with the role', async () => {
    await createUser(t, 'finn@example.com');
    const { token } = await invite('Finn@Example.com', 'finance');
    const [mail] = await outboxTo(t.database.db, 'finn@example.com');
    expect(mail!.subject).toBe('Join Harbour Outfitters on Wharf');
    expect(mail!.text).toContain(`http://localhost:3000/accept-invite/${token}`);

    const browser = await signInAs(t, 'finn@example.com');
    const res = await accept(browser, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectId, projectName: 'Harbour Outfitters', role: 'finance', joined: true });
    const user = (await browser.get(USER_API)).json();
    expect(await roleKeysOf(t.database.db, projectId, user.id)).toEqual(['finance']);
    expect(await isProjectMember(t.database.db, projectId, user.id)).toBe(true);
    expect(await isOrganisationMember(t.database.db, organisationId, user.id)).toBe(true);
    // Used once.
    expect((await accept(browser, token)).json().code).toBe('INVITE_INVALID');
  });

  it('works for a person who registers from the invitation link', async () => {
    const { token } = await invite('newcomer@example.com', 'viewer');
    const browser = new TestBrowser(t.app);
    const created = await browser.post(`${USER_API}/create`, {
      email: 'newcomer@example.com',
      password: STRONG_PASSWORD,
      'g-recaptcha-response': await solveCaptcha(t.app),
    });
    expect(created.statusCode).toBe(201);
    expect((await accept(browser, token)).json()).toMatchObject({ role: 'viewer', joined: true });
  });

  it('keeps the role of someone who is already a member', async () => {
    await createUser(t, 'member@example.com');
    const first = await invite('member@example.com', 'admin');
    const browser = await signInAs(t, 'member@example.com');
    await accept(browser, first.token);
    const second = await invite('member@example.com', 'viewer');
    expect((await accept(browser, second.token)).json()).toMatchObject({ role: 'admin', joined: false });
  });

  it('refuses another account, a signed-out visitor, an expired invitation and a revoked one', async () => {
    await createUser(t, 'someone.else@example.com');
    const forwarded = await invite('intended@example.com');
    const wrong = await accept(await signInAs(t, 'someone.else@example.com'), forwarded.token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'INVITE_EMAIL_MISMATCH',
      message: 'This invitation was sent to intended@example.com. Sign in with that address to accept it.',
    });
    expect((await accept(new TestBrowser(t.app), forwarded.token)).statusCode).toBe(401);

    await createUser(t, 'late@example.com');
    const late = await invite('late@example.com');
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const browser = await signInAs(t, 'late@example.com');
    expect((await accept(browser, late.token)).statusCode).toBe(404);

    const revoked = await invite('late@example.com');
    await t.database.db.update(invites).set({ revokedAt: t.clock.now() }).where(eq(invites.id, revoked.id));
    expect((await accept(browser, revoked.token)).json().code).toBe('INVITE_INVALID');
  });
});
