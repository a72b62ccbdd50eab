import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing, makeMailingList, subscribe } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { addMembers } from '../../access/testing.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('mailing lists', () => {
  let t: TestApp;
  let owner: BearerUser;
  let viewer: BearerUser;
  let project: string;

  const url = (path = '') => `/v1/mail/mailing-lists${path}?project=${project}`;
  const lists = async (as: BearerUser = owner) => {
    const res = await as.call('GET', url());
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json).items as Json[];
  };

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    await installMarketing(owner, project);
  });
  afterAll(() => t.close());

  it('makes lists with unique names whatever their case, and lists them by name with their counts', async () => {
    const weekly = await makeMailingList(owner, project, { name: ' weekly ', description: 'Every Friday' });
    expect(weekly).toMatchObject({
      name: 'weekly',
      description: 'Every Friday',
      optIn: 'single',
      subscriberCount: 0,
      memberCount: 0,
      createdAt: t.clock.now().toISOString(),
    });
    const clash = await owner.call('POST', url(), { name: 'WEEKLY' });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'LIST_EXISTS']);
    const offers = await makeMailingList(owner, project, { name: 'Offers', optIn: 'double' });
    await makeMailingList(owner, project, { name: 'Empty' });

    await subscribe(owner, project, { email: 'a@example.com', lists: [weekly.id] });
    await subscribe(owner, project, { email: 'b@example.com', lists: [weekly.id, offers.id] });
    const c = await subscribe(owner, project, { email: 'c@example.com', lists: [weekly.id] });
    const body = { email: c.email, name: '', gender: null, attributes: {}, lists: [weekly.id], status: 'unsubscribed' };
    expect((await owner.call('PUT', `/v1/mail/subscribers/${c.id}?project=${project}`, body)).statusCode).toBe(200);

    expect((await lists(viewer)).map((l) => [l.name, l.subscriberCount, l.memberCount])).toEqual([
      ['Empty', 0, 0],
      ['Offers', 0, 1], // b is unconfirmed: Offers is double opt-in
      ['weekly', 1, 3],
    ]);
    const one = await owner.call('GET', url(`/${weekly.id}`));
    expect(one.json()).toMatchObject({ id: weekly.id, subscriberCount: 1, memberCount: 3 });
    const audit = await auditEntries(t.database.db, {
      operationId: 'createMailingList',
      target: `mailingList:${weekly.id}`,
    });
    expect(audit).toHaveLength(1);
  });

  it('renames, re-describes and changes the opt-in; a name of another list is refused', async () => {
    const [empty, offers] = await lists();
    t.clock.advance(1000);
    const res = await owner.call('PATCH', url(`/${empty!.id}`), { name: 'Launches', optIn: 'double' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Launches', optIn: 'double', updatedAt: t.clock.now().toISOString() });
    const recase = await owner.call('PATCH', url(`/${offers!.id}`), { name: 'OFFERS' });
    expect(recase.json()).toMatchObject({ name: 'OFFERS' });
    const clash = await owner.call('PATCH', url(`/${offers!.id}`), { name: 'launches' });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'LIST_EXISTS']);
    const nothing = await owner.call('PATCH', url(`/${offers!.id}`), {});
    expect(nothing.statusCode).toBe(400);
    const nul = await owner.call('PATCH', url(`/${offers!.id}`), { description: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
  });

  it('deletes a list; its members stay subscribers', async () => {
    const weekly = (await lists()).find((l) => l.name === 'weekly')!;
    const res = await owner.call('DELETE', url(`/${weekly.id}`));
    expect(res.statusCode, res.body).toBe(204);
    expect((await owner.call('GET', url(`/${weekly.id}`))).statusCode).toBe(404);
    const subscribers = (await owner.call('GET', `/v1/mail/subscribers?project=${project}`)).json() as Json;
    expect(subscribers.total).toBe(3);
    expect(subscribers.items.every((s: Json) => !s.lists.some((l: Json) => l.id === weekly.id))).toBe(true);
  });

  it('refuses viewers, other projects and projects without the module', async () => {
    const [list] = await lists();
    expect((await viewer.call('POST', url(), { name: 'Mine' })).statusCode).toBe(403);
    expect((await viewer.call('PATCH', url(`/${list!.id}`), { name: 'Mine' })).statusCode).toBe(403);
    expect((await viewer.call('DELETE', url(`/${list!.id}`))).statusCode).toBe(403);

    const stranger = await bearerUser(t, 'stranger@example.com');
    const theirs = (await createProjectAs(stranger, 'Stranger shop')).id;
    const bare = await stranger.call('GET', `/v1/mail/mailing-lists?project=${theirs}`);
    expect([bare.statusCode, bare.json().code]).toEqual([403, 'MODULE_NOT_INSTALLED']);
    await installMarketing(stranger, theirs);
    const path = `/v1/mail/mailing-lists/${list!.id}?project=${theirs}`;
    expect((await stranger.call('GET', path)).statusCode).toBe(404);
    expect((await stranger.call('PATCH', path, { name: 'Taken' })).statusCode).toBe(404);
    expect((await stranger.call('DELETE', path)).statusCode).toBe(404);
    expect((await lists()).map((l) => l.name)).toContain(list!.name);
  });
});
