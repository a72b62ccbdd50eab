import type { BrowserContext, Page } from 'playwright-core';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from './support/admin.js';
import { apiAs, bearerFor, ownerOfNewProject, registered, type ApiAnswer } from './support/people.js';
import { startPeer, type RunningServer } from './support/server.js';
import { useConsoleWorld } from './support/world.js';

const LIVE_MS = 15_000;
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: LIVE_MS, interval: 100 });

/**
 * Issue 21 in Chromium: two people in two browsers, each on a server process of its own sharing
 * PostgreSQL and Redis (CI's PostgreSQL pass; on PGlite, one process, which cannot be shared, serves
 * both). Ada posts on server 1 and Mia sees it on server 2 without reloading; Mia reacts, replies
 * with a picture from the drive and mentions Ada; Ada's notification opens the message; unread
 * badges and read-by follow; search finds by word and by `from:`; a removed member stops hearing.
 */
describe('chat across two browsers and two servers', () => {
  const world = useConsoleWorld();
  let second: RunningServer;
  let base1: string;
  let base2: string;
  let ada: BrowserContext;
  let mia: BrowserContext;
  let adaPage: Page;
  let miaPage: Page;
  let projectId: string;
  let general: string;
  let deliveries: string;

  const ok = async (answer: Promise<ApiAnswer>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${status}: ${JSON.stringify(body)}`);
    return body!;
  };
  const chatUrl = (base: string, channel: string, extra = '') =>
    `${base}/chat?project=${projectId}&channel=${channel}${extra}`;
  const messages = (page: Page, name: string) => page.getByRole('log', { name: `Messages of ${name}` });

  beforeAll(async () => {
    base1 = world.server.baseUrl;
    second = process.env.DATABASE_URL ? await startPeer(world.server) : world.server;
    base2 = second.baseUrl;
    ({
      person: ada,
      projectId,
      page: adaPage,
    } = await ownerOfNewProject(world.browser, base1, 'ada@example.com', {
      name: 'Harbour Goods',
      organisationName: 'Harbour Co',
    }));
    // Mia signs up and joins through server 2.
    mia = await registered(world.browser, base2, 'mia@example.com');
    await ok(
      apiAs(base1, ada, 'POST', `/v1/projects/${projectId}/invites`, { email: 'mia@example.com', role: 'member' }),
    );
    const invitation = await world.admin.lastMailTo('mia@example.com', /Join Harbour Goods/);
    const tab = await mia.newPage();
    await tab.goto(linkIn(invitation, '/accept-invite').replace(base1, base2));
    await tab.getByText("You've joined Harbour Goods as member.").waitFor();
    await tab.close();

    await ok(apiAs(base1, ada, 'POST', `/v1/projects/${projectId}/integrations/drive`));
    const q = `?project=${projectId}`;
    general = (await ok(apiAs(base1, ada, 'POST', `/v1/chat/channels${q}`, { kind: 'open', name: 'general' })))
      .id as string;
    deliveries = (await ok(apiAs(base1, ada, 'POST', `/v1/chat/channels${q}`, { kind: 'open', name: 'deliveries' })))
      .id as string;

    // A picture in the project's drive, uploaded by Mia through server 2, to attach.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b5cad' } })
      .png()
      .toBuffer();
    const created = (await ok(
      apiAs(base2, mia, 'POST', `/v1/drive/files${q}`, { name: 'pallets.png', type: 'image/png', size: png.length }),
    )) as { file: { id: string }; upload: { url: string; headers: Record<string, string> } };
    const sent = await fetch(new URL(created.upload.url, base2), {
      method: 'POST',
      headers: { ...created.upload.headers, authorization: `Bearer ${await bearerFor(base2, mia)}` },
      body: png,
    });
    expect(sent.status).toBeLessThan(300);
    miaPage = await mia.newPage();
  }, 120_000);
  afterAll(async () => {
    if (second && second !== world.server) await second.stop();
  });
  // What both people saw when a step failed, for whoever reads the failure.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const name = context.task.name.slice(0, 40).replace(/\W+/g, '-');
    await adaPage?.screenshot({ path: `${tmpdir()}/wharf-e2e-chat-${name}-ada.png` }).catch(() => undefined);
    await miaPage?.screenshot({ path: `${tmpdir()}/wharf-e2e-chat-${name}-mia.png` }).catch(() => undefined);
  });

  it('delivers Ada’s message on server 1 to Mia’s open page on server 2, without reloading', async () => {
    await miaPage.goto(chatUrl(base2, general));
    // An empty channel says so; its composer is there to write the first message.
    await miaPage.getByText('No messages yet. Say hello!').waitFor();
    await adaPage.goto(chatUrl(base1, general));
    const composer = adaPage.getByRole('textbox', { name: 'Message general' });
    await composer.fill('Morning! The pallets for order 1042 arrived.');
    await composer.press('Enter');
    await messages(miaPage, 'general').getByText('Morning! The pallets for order 1042 arrived.').waitFor({
      timeout: LIVE_MS,
    });
  });

  it('shows Mia’s reaction and her reply, with a picture and a mention, on Ada’s page live', async () => {
    const adasMessage = messages(miaPage, 'general').getByRole('article').filter({ hasText: 'pallets for order 1042' });
    await adasMessage.hover();
    await adasMessage.getByRole('button', { name: 'Add reaction' }).click();
    await miaPage
      .getByRole('dialog', { name: 'Pick a reaction' })
      .getByRole('button', { name: /^React with 👍/ })
      .click();
    await messages(adaPage, 'general').getByRole('button', { name: /^👍 1/ }).waitFor({ timeout: LIVE_MS });

    await adasMessage.hover();
    await adasMessage.getByRole('button', { name: 'Reply' }).click();
    const composer = miaPage.getByRole('textbox', { name: 'Message general' });
    await composer.pressSequentially('Counted them @ad');
    await miaPage.getByRole('listbox', { name: 'Mention a member' }).getByRole('option').first().click();
    await composer.pressSequentially(' all there.');
    await miaPage.getByRole('button', { name: 'Attach an image from the drive' }).click();
    await miaPage.getByRole('dialog').getByText('pallets.png').click();
    await miaPage.getByRole('list', { name: 'Attached files' }).getByText('pallets.png').waitFor();
    // Closed, the picker gives the focus to the text to write on (Enter on its button would open it again).
    await miaPage.getByRole('dialog').waitFor({ state: 'hidden' });
    await composer.press('Enter');

    const reply = messages(adaPage, 'general').getByRole('article').filter({ hasText: 'all there.' });
    await reply.waitFor({ timeout: LIVE_MS });
    await reply.getByRole('list', { name: 'Attachments' }).getByText('pallets.png').waitFor();
    await reply
      .getByRole('button', { name: /Show the message answered|pallets for order 1042/ })
      .first()
      .waitFor();
  });

  it('notifies Ada of the mention; the notification opens the conversation on the message', async () => {
    await adaPage.goto(`${base1}/dashboard/?project=${projectId}`);
    await eventually(() => adaPage.getByTestId('notification-badge').count()).toBe(1);
    await adaPage.getByRole('button', { name: 'Notifications' }).click();
    const item = adaPage.getByRole('dialog', { name: 'Notifications' }).getByText(/mentioned you in general/);
    await item.click();
    await eventually(async () => new URL(adaPage.url()).searchParams.get('message')).toMatch(/[0-9a-f-]{36}/);
    expect(new URL(adaPage.url()).pathname).toBe('/chat');
    await messages(adaPage, 'general').getByRole('article').filter({ hasText: 'all there.' }).waitFor();
  });

  it('counts unread on the list while Ada reads elsewhere, and shows who read her message', async () => {
    await adaPage.goto(chatUrl(base1, general));
    await messages(adaPage, 'general').waitFor();
    const before = await ok(
      apiAs(base2, mia, 'POST', `/v1/chat/channels/${deliveries}/messages?project=${projectId}`, {
        text: 'Truck at gate 3',
      }),
    );
    expect(before.text).toBe('Truck at gate 3');
    const channels = adaPage.getByRole('navigation', { name: 'Channels' });
    await channels.getByRole('button', { name: /deliveries, 1 unread/ }).waitFor({ timeout: LIVE_MS });
    await channels.getByRole('button', { name: /deliveries/ }).click();
    await messages(adaPage, 'deliveries').getByText('Truck at gate 3').waitFor();
    await eventually(() => channels.getByRole('button', { name: /deliveries, \d+ unread/ }).count()).toBe(0);

    // Mia has read Ada's first message (she answered it): its read-by says so.
    await adaPage.goto(chatUrl(base1, general));
    const first = messages(adaPage, 'general')
      .getByRole('article')
      .filter({ hasText: 'pallets for order 1042' })
      .filter({ hasNotText: 'all there' });
    await first.hover();
    await first.getByText(/Read by 1/).waitFor({ timeout: LIVE_MS });
  });

  it('finds the message by a word and by from:', async () => {
    for (const search of ['pallets', 'from:mia@example.com there']) {
      await adaPage.goto(chatUrl(base1, general));
      await adaPage
        .getByRole('button', { name: /Search/ })
        .first()
        .click();
      const box = adaPage.getByRole('searchbox', { name: 'Search messages' });
      await box.fill(search);
      await box.press('Enter');
      const results = adaPage.getByRole('list', { name: 'Search results' });
      await results
        .getByText(search === 'pallets' ? /pallets for order 1042/ : /all there/)
        .first()
        .waitFor();
    }
  });

  it('stops a removed member: her open page hears nothing more, and she can no longer post', async () => {
    const q = `?project=${projectId}`;
    const board = (await ok(
      apiAs(base1, ada, 'POST', `/v1/chat/channels${q}`, { kind: 'private', name: 'board', users: [] }),
    )) as { id: string };
    const members = (await ok(apiAs(base1, ada, 'GET', `/v1/projects/${projectId}/users`))) as {
      items: { user: { id: string; email: string } }[];
    };
    const miaUserId = members.items.find((m) => m.user.email === 'mia@example.com')!.user.id;
    await ok(apiAs(base1, ada, 'POST', `/v1/chat/channels/${board.id}/users${q}`, { users: [miaUserId] }));
    await miaPage.goto(chatUrl(base2, board.id));
    await ok(apiAs(base1, ada, 'POST', `/v1/chat/channels/${board.id}/messages${q}`, { text: 'Before the change' }));
    await messages(miaPage, 'board').getByText('Before the change').waitFor({ timeout: LIVE_MS });

    const removed = await apiAs(base1, ada, 'DELETE', `/v1/chat/channels/${board.id}/users${q}`, {
      users: [miaUserId],
    });
    expect(removed.status).toBe(204);
    await ok(apiAs(base1, ada, 'POST', `/v1/chat/channels/${board.id}/messages${q}`, { text: 'After Mia left' }));
    await adaPage.goto(chatUrl(base1, board.id));
    await messages(adaPage, 'board').getByText('After Mia left').waitFor();
    // Given the time it took Ada's page to load, Mia's socket would have delivered it long since.
    expect(await miaPage.getByText('After Mia left').count()).toBe(0);
    const refused = await apiAs(base2, mia, 'POST', `/v1/chat/channels/${board.id}/messages${q}`, {
      text: 'Still here?',
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
  });
});
