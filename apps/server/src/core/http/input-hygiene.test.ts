import { CreateBookmarkRequest, UpdateIntegrationRequest } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { multilinePatterns, textProblems } from './input-hygiene.js';

describe('the text check of every request string', () => {
  it('finds the multi-line marks of a schema, through wrappers, records and arrays', () => {
    expect(multilinePatterns(CreateBookmarkRequest)).toEqual([['description']]);
    expect(multilinePatterns(UpdateIntegrationRequest)).toEqual([
      ['config', '*'],
      ['credentials', '*'],
    ]);
    expect(multilinePatterns(z.object({ a: z.array(z.string()) }))).toEqual([]);
  });

  it('refuses NUL, lone surrogates and control characters, allowing lines only where marked', () => {
    const patterns = [['notes'], ['settings', '*']] as const;
    expect(textProblems({ name: 'Shop', notes: 'a\nb\tc', settings: { x: { y: 'l1\r\nl2' } } }, patterns)).toEqual([]);
    const found = textProblems(
      {
        name: 'a\u0000b',
        title: 'two\nlines',
        notes: 'x\u0000',
        emoji: '\uD83D\uDE00',
        half: 'x\uD83D',
        list: ['ok', '\u001b[31m'],
        bell: 'a\u0007',
        ['bad\u0000key']: 1,
      },
      patterns,
    );
    expect(found.map((p) => p.path.join('.'))).toEqual(['name', 'title', 'notes', 'half', 'list.1', 'bell', '']);
    expect(found[0]!.message).toMatch(/NUL/);
    expect(found[3]!.message).toMatch(/surrogate/);
  });

  it('refuses a time outside the years 1 to 9999 where the schema has a time', () => {
    const times = [['from'], ['to']] as const;
    const at = (from: string, to = '2026-01-01T00:00:00Z') => textProblems({ from, to }, [], times);
    expect(at('2026-01-01T00:00:00Z')).toEqual([]);
    expect(at('0001-01-01T00:00:00Z')).toEqual([]);
    for (const bad of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-01:00']) {
      expect(
        at(bad).map((p) => p.path.join('.')),
        bad,
      ).toEqual(['from']);
    }
  });
});

describe('requests with unclean text', () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'hygiene@example.com');
    project = (await createProjectAs(owner)).id;
  });
  afterAll(() => t.close());

  it('answers 400 naming the field for a NUL in a body, a query and a path', async () => {
    const created = await owner.call('POST', '/v1/projects', { name: 'Shop\u0000', organisationName: 'Org' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('body.name') });

    const search = await owner.call('GET', `/v1/projects/${project}/users?search=%00`);
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toContain('query.search');

    const audit = await owner.call('GET', `/v1/projects/${project}/audit?start=0000-01-01T00:00:00Z`);
    expect(audit.statusCode).toBe(400);
    expect(audit.json().message).toContain('query.start');

    const role = await owner.call('GET', `/v1/enforcer/roles/owner%00?project=${project}`);
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain('params.role');
  });

  it('refuses a lone surrogate and a line break in a one-line field, and keeps a multi-line one', async () => {
    const bookmark = (title: string, description: string) =>
      owner.call('POST', `/v1/projects/${project}/bookmarks`, {
        title,
        description,
        data: { url: 'https://example.com/' },
      });
    const surrogate = await bookmark('Half \uD83D', 'x');
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().message).toMatch(/body\.title.*surrogate/);
    expect((await bookmark('Two\nlines', 'x')).statusCode).toBe(400);
    const fine = await bookmark('Docs \uD83D\uDE00', 'line one\nline two\twith a tab');
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().description).toBe('line one\nline two\twith a tab');
    expect((await bookmark('Docs', 'bell \u0007')).statusCode).toBe(400);
  });
});
