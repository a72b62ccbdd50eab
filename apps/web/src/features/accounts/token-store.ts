import { ApiError } from '@wharf/client';
import { decodeJwtPayload, InvalidTokenError } from './jwt';

/** SPEC.md section 9: refresh 10 s before expiry; 6 attempts with 2^n seconds between them. */
export const REFRESH_MARGIN_SECONDS = 10;
export const MAX_TOKEN_ATTEMPTS = 6;
export const TOKEN_FETCH_FAILED = 'Failed to fetch token';

/** The token could not be fetched after every attempt (the last failure is the cause). */
export class TokenFetchError extends Error {
  override readonly name = 'TokenFetchError';
  constructor(cause: unknown) {
    super(TOKEN_FETCH_FAILED, { cause });
  }
}

/** The wait after failed attempt n (1-based): 2, 4, 8, 16, 32 seconds. */
export function backoffMs(attempt: number): number {
  return 2 ** attempt * 1000;
}

/** The session behind the token is gone (401) or its CSRF pair no longer matches (419). */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 419);
}

export interface TokenStoreOptions {
  /** Mints a token from the session (`POST /omnis/v3/dashboard/user/token`). */
  fetchToken: () => Promise<string>;
  /** A token fetch answered 401 or 419: the session is over (sign out, go to login). */
  onUnauthorized: () => void;
}

export interface TokenState {
  token: string;
  /** Server clock minus this clock, in seconds, measured when the token arrived (`iat - now`). */
  offsetSeconds: number;
  /** When, on this clock (ms), to fetch the next token; Infinity for a token without `exp`. */
  refreshAt: number;
}

export interface TokenStore {
  /** A valid bearer token: the held one, or a fresh one (one fetch however many callers wait). */
  getToken(): Promise<string>;
  /** Forget the token and stop refreshing (sign-in, sign-out: the next user gets their own). */
  clear(): void;
  /** What the store holds, for diagnostics and tests. */
  peek(): TokenState | undefined;
  /** Holds a token minted elsewhere (the page's boot data); a malformed one is ignored. */
  seed(token: string): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The bearer token of the service API (SPEC.md sections 7 and 9, DESIGN.md "Identity").
 *
 * The server's clock decides expiry, so the store measures how far this clock is off when a
 * token arrives (`iat - Date.now()/1000`) and refreshes at `exp - offset - 10 s` local time: a
 * laptop whose clock runs five minutes late still refreshes on time.
 */
export function createTokenStore(options: TokenStoreOptions): TokenStore {
  let state: TokenState | undefined;
  let inflight: Promise<string> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by clear(): answers to fetches started for an earlier session are dropped.
  let generation = 0;

  function stopTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function accept(token: string): TokenState {
    const { iat, exp } = decodeJwtPayload(token);
    const nowSeconds = Date.now() / 1000;
    const offsetSeconds = iat === undefined ? 0 : iat - nowSeconds;
    let refreshAt = Infinity;
    if (exp !== undefined) {
      const expiresAtSeconds = exp - offsetSeconds;
      // A token living under 20 s would be due (almost) at once and fetched in a loop: such a
      // token is renewed half-way through its remaining life instead.
      const halfLifeSeconds = (nowSeconds + expiresAtSeconds) / 2;
      refreshAt = Math.max(expiresAtSeconds - REFRESH_MARGIN_SECONDS, halfLifeSeconds) * 1000;
    }
    state = { token, offsetSeconds, refreshAt };
    stopTimer();
    if (Number.isFinite(refreshAt)) {
      timer = setTimeout(
        () => {
          timer = undefined;
          // A failure is remembered by nobody: the next getToken() tries again.
          refresh().catch(() => undefined);
        },
        // At least a second: a token that arrives already expired must not spin the timer.
        Math.max(1000, refreshAt - Date.now()),
      );
    }
    return state;
  }

  async function fetchWithRetry(startedIn: number): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        const token = await options.fetchToken();
        if (startedIn !== generation) throw new Error('The session changed while a token was fetched.');
        return accept(token).token;
      } catch (error) {
        if (startedIn !== generation) throw error;
        if (endsSession(error)) {
          clear();
          options.onUnauthorized();
          throw error;
        }
        // A malformed token will not mend by asking again.
        if (error instanceof InvalidTokenError) throw error;
        if (attempt >= MAX_TOKEN_ATTEMPTS) throw new TokenFetchError(error);
        await sleep(backoffMs(attempt));
        if (startedIn !== generation) {
          throw new Error('The session changed while a token was fetched.', { cause: error });
        }
      }
    }
  }

  function refresh(): Promise<string> {
    if (!inflight) {
      const started = generation;
      inflight = fetchWithRetry(started).finally(() => {
        if (started === generation) inflight = undefined;
      });
    }
    return inflight;
  }

  function clear() {
    generation++;
    state = undefined;
    inflight = undefined;
    stopTimer();
  }

  return {
    getToken() {
      if (state && Date.now() < state.refreshAt) return Promise.resolve(state.token);
      return refresh();
    },
    clear,
    peek: () => state,
    seed(token) {
      try {
        accept(token);
      } catch {
        // Not a token we can read: the first call fetches its own.
      }
    },
  };
}
