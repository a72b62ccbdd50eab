import { ApiError } from '@wharf/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt } from '../../test/jwt';
import { InvalidTokenError } from './jwt';
import { backoffMs, createTokenStore, MAX_TOKEN_ATTEMPTS, TokenFetchError } from './token-store';

const START = Date.UTC(2030, 0, 1, 12, 0, 0);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token issued by a server whose clock is `skew` seconds ahead of ours, living `ttl` seconds. */
function tokenFromServer({ skew = 0, ttl = 300, id = 'a' } = {}) {
  const iat = nowSeconds() + skew;
  return makeJwt({ sub: 'user-1', jti: id, iat, exp: iat + ttl });
}

const serverError = () => new ApiError({ message: 'Boom', code: 'INTERNAL_ERROR', status: 500 });

function setup(fetchToken: () => Promise<string>) {
  const onUnauthorized = vi.fn();
  const fetchSpy = vi.fn(fetchToken);
  const store = createTokenStore({ fetchToken: fetchSpy, onUnauthorized });
  return { store, fetchSpy, onUnauthorized };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('token store: holding and sharing', () => {
  it('fetches once for callers that ask together, then answers from memory', async () => {
    const { store, fetchSpy } = setup(async () => tokenFromServer());
    const [a, b] = await Promise.all([store.getToken(), store.getToken()]);
    expect(a).toBe(b);
    expect(await store.getToken()).toBe(a);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('forgets the token on clear(), and stops refreshing it', async () => {
    const { store, fetchSpy } = setup(async () => tokenFromServer());
    await store.getToken();
    store.clear();
    expect(store.peek()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await store.getToken();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});

describe('token store: refresh timing', () => {
  it('refreshes 10 s before expiry with the clocks in step', async () => {
    let n = 0;
    const { store, fetchSpy } = setup(async () => tokenFromServer({ ttl: 300, id: String(++n) }));
    const first = await store.getToken();
    expect(store.peek()?.offsetSeconds).toBeCloseTo(0, 0);
    expect(store.peek()?.refreshAt).toBe(START + 290_000);

    await vi.advanceTimersByTimeAsync(290_000 - 1);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await store.getToken()).toBe(first);

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(await store.getToken()).not.toBe(first);
  });

  it('corrects by the clock offset iat - now: a server 5 minutes ahead', async () => {
    // Its exp is 5 minutes later than ours would be; uncorrected we would wait 5 minutes too long.
    const { store, fetchSpy } = setup(async () => tokenFromServer({ skew: 300, ttl: 60 }));
    await store.getToken();
    expect(store.peek()?.offsetSeconds).toBe(300);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('corrects by the clock offset: a server 2 minutes behind', async () => {
    const { store, fetchSpy } = setup(async () => tokenFromServer({ skew: -120, ttl: 60 }));
    await store.getToken();
    expect(store.peek()?.offsetSeconds).toBe(-120);
    // Due 50 s after it arrived, by our clock, whatever the server's clock said.
    await vi.advanceTimersByTimeAsync(49_999);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('asks again when a caller comes after the refresh time (a sleeping laptop misses its timer)', async () => {
    let n = 0;
    const { store, fetchSpy } = setup(async () => tokenFromServer({ ttl: 60, id: String(++n) }));
    const first = await store.getToken();
    vi.setSystemTime(START + 55_000);
    expect(await store.getToken()).not.toBe(first);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('renews a very short-lived token half-way instead of looping', async () => {
    const { store, fetchSpy } = setup(async () => tokenFromServer({ ttl: 8 }));
    await store.getToken();
    await vi.advanceTimersByTimeAsync(3_999);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});

describe('token store: failures', () => {
  it('waits 2, 4, 8, 16 and 32 seconds between up to 6 attempts', async () => {
    expect(MAX_TOKEN_ATTEMPTS).toBe(6);
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([2000, 4000, 8000, 16000, 32000]);

    let calls = 0;
    const { store, fetchSpy } = setup(async () => {
      calls++;
      if (calls < 6) throw serverError();
      return tokenFromServer();
    });
    const token = store.getToken();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    for (const [wait, expected] of [
      [2000, 2],
      [4000, 3],
      [8000, 4],
      [16000, 5],
      [32000, 6],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fetchSpy).toHaveBeenCalledTimes(expected - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchSpy).toHaveBeenCalledTimes(expected);
    }
    await expect(token).resolves.toMatch(/^ey/);
  });

  it("gives up after the 6th attempt with 'Failed to fetch token'", async () => {
    const { store, fetchSpy, onUnauthorized } = setup(async () => {
      throw serverError();
    });
    const token = store.getToken();
    const settled = expect(token).rejects.toThrow(new TokenFetchError(serverError()));
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000 + 16000 + 32000);
    await settled;
    await expect(token).rejects.toBeInstanceOf(TokenFetchError);
    await expect(token).rejects.toHaveProperty('message', 'Failed to fetch token');
    expect(fetchSpy).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchSpy).toHaveBeenCalledTimes(6);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([401, 419])('signs out at once when the token call answers %i', async (status) => {
    const { store, fetchSpy, onUnauthorized } = setup(async () => {
      throw new ApiError({
        message: 'No session',
        code: status === 401 ? 'UNAUTHENTICATED' : 'CSRF_TOKEN_MISMATCH',
        status,
      });
    });
    await expect(store.getToken()).rejects.toHaveProperty('status', status);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('signs out when a background refresh answers 401', async () => {
    let calls = 0;
    const { store, onUnauthorized } = setup(async () => {
      if (++calls === 1) return tokenFromServer({ ttl: 60 });
      throw new ApiError({ message: 'No session', code: 'UNAUTHENTICATED', status: 401 });
    });
    await store.getToken();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(store.peek()).toBeUndefined();
  });

  it('does not retry a malformed token', async () => {
    const { store, fetchSpy } = setup(async () => 'not-a-jwt');
    await expect(store.getToken()).rejects.toBeInstanceOf(InvalidTokenError);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('drops an answer that arrives after the session changed', async () => {
    let release!: (token: string) => void;
    const { store } = setup(() => new Promise<string>((resolve) => (release = resolve)));
    const stale = store.getToken();
    store.clear();
    release(tokenFromServer());
    await expect(stale).rejects.toThrow('The session changed while a token was fetched.');
    expect(store.peek()).toBeUndefined();
  });
});
