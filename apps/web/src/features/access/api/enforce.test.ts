import type { WharfClient } from '@wharf/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { ENFORCE_STALE_MS, enforceKeys, enforceQueryOptions } from './enforce';

const P = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';

function fakeClient() {
  const enforce = vi.fn(async () => ({
    permissions: { granted: ['projects.read'], denied: ['billing.read'] },
    resolutions: { roles: [] },
  }));
  return { client: { enforce } as unknown as WharfClient, enforce };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('decisions the page already carries', () => {
  it('answers from the boot decision on every permission, without asking the server', async () => {
    const queryClient = createQueryClient();
    const { client, enforce } = fakeClient();
    queryClient.setQueryData(enforceKeys.everything(P, U), {
      granted: ['projects.read', 'members.read'],
      denied: ['billing.read', 'members.manage'],
    });
    const decision = await queryClient.fetchQuery(
      enforceQueryOptions(client, P, U, ['members.read', 'billing.read'], queryClient),
    );
    expect(decision).toEqual({ granted: ['members.read'], denied: ['billing.read'] });
    expect(enforce).not.toHaveBeenCalled();
  });

  it('asks the server once roles changed since (invalidated) or the boot decision is over 10 s old', async () => {
    const queryClient = createQueryClient();
    const { client, enforce } = fakeClient();
    queryClient.setQueryData(enforceKeys.everything(P, U), { granted: ['projects.read'], denied: [] });
    await queryClient.invalidateQueries({ queryKey: enforceKeys.all });
    await queryClient.fetchQuery(enforceQueryOptions(client, P, U, ['projects.read'], queryClient));
    expect(enforce).toHaveBeenCalledTimes(1);

    vi.useFakeTimers({ now: Date.now() });
    const later = createQueryClient();
    later.setQueryData(enforceKeys.everything(P, U), { granted: ['projects.read'], denied: [] });
    vi.setSystemTime(Date.now() + ENFORCE_STALE_MS + 1);
    await later.fetchQuery(enforceQueryOptions(client, P, U, ['projects.read'], later));
    expect(enforce).toHaveBeenCalledTimes(2);
  });

  it("asks the server for another project's decision", async () => {
    const queryClient = createQueryClient();
    const { client, enforce } = fakeClient();
    queryClient.setQueryData(enforceKeys.everything(P, U), { granted: ['projects.read'], denied: [] });
    const other = '33333333-3333-4333-8333-333333333333';
    await queryClient.fetchQuery(enforceQueryOptions(client, other, U, ['projects.read'], queryClient));
    expect(enforce).toHaveBeenCalledTimes(1);
  });
});
