import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createClient } from '@wharf/client';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientContext } from '../../app/api-client';
import { useUnreadPoll } from './api/unread';
import { POLL_HIDDEN_MS, POLL_VISIBLE_MS } from './constants';
import { pollInterval } from './polling';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function Poll({ enabled = true }: { enabled?: boolean }) {
  const counts = useUnreadPoll(enabled);
  return <p>{counts ? counts.map((c) => `${c.group}:${c.count}`).join(' ') : 'none'}</p>;
}

function renderPoll(respond: () => Response, children: ReactNode = <Poll />) {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    calls.push(String(input));
    return respond();
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={createClient({ fetch })}>{children}</ApiClientContext>
    </QueryClientProvider>,
  );
  return { ...view, calls };
}

/**
 * An answer whose body is read at once: a real Response's body is a stream read over real
 * macrotasks, which fake timers never let run.
 */
function answer(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    json: async () => body,
  } as Response;
}

const page = (count: number) =>
  answer(200, {
    items: [],
    nextPageToken: null,
    unread: [{ group: 'user', projectId: null, projectName: null, count }],
  });

// Taken before the timers are faked: the fetches' promise chains settle over real turns.
const realSetTimeout = globalThis.setTimeout;
const settle = () => new Promise((resolve) => realSetTimeout(resolve, 0));

/**
 * Lets the timers run `ms`, the fetches they start answer, then the query tell the component: on a
 * 0 ms timer, which the fake clock runs 1 ms later when it was set while the clock was ticking.
 */
const elapse = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
    await vi.advanceTimersByTimeAsync(1);
  });

describe('pollInterval (SPEC.md section 7)', () => {
  it('is 10 s while the page is visible and 5 min otherwise', () => {
    expect(pollInterval('visible')).toBe(POLL_VISIBLE_MS);
    expect(pollInterval('hidden')).toBe(POLL_HIDDEN_MS);
  });
});

describe('the unread poll', () => {
  it('asks every 10 s while the page is visible', async () => {
    const { calls, getByText } = renderPoll(() => page(2));
    await elapse(0);
    expect(getByText('user:2')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('/omnis/v3/dashboard/user/notifications?pageSize=1');
    await elapse(POLL_VISIBLE_MS - 100);
    expect(calls).toHaveLength(1);
    await elapse(100);
    expect(calls).toHaveLength(2);
    await elapse(3 * POLL_VISIBLE_MS);
    expect(calls).toHaveLength(5);
  });

  it('asks every 5 min while hidden, and at once on becoming visible', async () => {
    const { calls } = renderPoll(() => page(1));
    await elapse(0);
    expect(calls).toHaveLength(1);
    act(() => setVisibility('hidden'));
    await elapse(4 * 60_000);
    expect(calls).toHaveLength(1);
    await elapse(60_000);
    expect(calls).toHaveLength(2);

    act(() => setVisibility('visible'));
    await elapse(0);
    expect(calls).toHaveLength(3);
    await elapse(POLL_VISIBLE_MS);
    expect(calls).toHaveLength(4);
  });

  it('keeps the last counts when a poll fails, and tries again at the next', async () => {
    let fail = false;
    let count = 2;
    const { calls, getByText } = renderPoll(() =>
      fail ? answer(500, { code: 'BOOM', message: 'Boom' }) : page(count),
    );
    await elapse(0);
    expect(getByText('user:2')).toBeInTheDocument();
    fail = true;
    await elapse(POLL_VISIBLE_MS);
    expect(calls).toHaveLength(2);
    expect(getByText('user:2')).toBeInTheDocument();
    fail = false;
    count = 5;
    await elapse(POLL_VISIBLE_MS);
    expect(getByText('user:5')).toBeInTheDocument();
  });

  it('does not poll for a visitor', async () => {
    const { calls } = renderPoll(() => page(1), <Poll enabled={false} />);
    await elapse(POLL_VISIBLE_MS * 3);
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    await elapse(0);
    expect(calls).toHaveLength(0);
  });
});
