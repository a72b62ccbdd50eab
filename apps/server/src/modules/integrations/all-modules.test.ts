import { MODULE_CODES } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { dependencyOrder } from './registry.js';

describe('every registered module, installed and uninstalled on one project', () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;
  const codesOf = async () =>
    ((await owner.call('GET', `/v1/projects/${project}`)).json().integrations as { code: string }[]).map((i) => i.code);

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner)).id;
  });
  afterAll(() => t.close());

  it('installs all 72 with their defaults, dependencies first, and uninstalls them in reverse', async () => {
    const order = dependencyOrder(MODULE_CODES);
    expect(order).toHaveLength(72);
    for (const code of order) {
      const res = await owner.call('POST', `/v1/projects/${project}/integrations/${code}`, {});
      // Each one's dependencies came before it, so each install is its own, never a repeat.
      expect([code, res.statusCode]).toEqual([code, 201]);
    }
    expect((await codesOf()).sort()).toEqual([...MODULE_CODES].sort());

    for (const code of [...order].reverse()) {
      const res = await owner.call('DELETE', `/v1/projects/${project}/integrations/${code}`);
      expect([code, res.statusCode, res.body]).toEqual([code, 204, '']);
    }
    expect(await codesOf()).toEqual([]);
  }, 240_000);
});
