import { createClient } from '@wharf/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientContext } from '../../../app/api-client';
import { apiError, fakeApi, json, user } from '../../../test/fake-api';
import { getSnapshot, resetToasts } from '../../toasts/toasts';
import { PushPrompt } from './PushPrompt';

const TEXT = "Turn on device notifications so you don't miss out on important activity";
const KEY = 'GET /omnis/v3/dashboard/user/push/key';
const SAVE = 'POST /omnis/v3/dashboard/user/push/subscription';
const DAY = 24 * 60 * 60 * 1000;
const alpha = { ...user, features: ['alpha'] };

const subscriptionJson = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk-public', auth: 'auth-secret' },
};

/** The browser's push parts, as a test sets them up: supported, not yet asked, nothing subscribed. */
function fakeBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  existing = false,
} = {}) {
  const subscription = {
    options: { applicationServerKey: null },
    toJSON: () => subscriptionJson,
    unsubscribe: async () => true,
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (existing ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (existing ? registration : undefined)),
  };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(window.navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { serviceWorker, pushManager, requestPermission };
}

function renderPrompt(who = alpha, routes = {}) {
  const api = fakeApi({
    routes: { [KEY]: json(200, { publicKey: 'AQID' }), [SAVE]: new Response(null, { status: 204 }), ...routes },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={createClient({ fetch: api.fetch })}>
        <PushPrompt user={who} />
      </ApiClientContext>
    </QueryClientProvider>,
  );
  return api;
}

/** Lets the prompt's asynchronous checks (support, subscription) settle before asserting it stays away. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const nudges = () => getSnapshot('nudge').map(({ message, level }) => ({ message, level }));

beforeEach(() => resetToasts());

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('push prompt: when it shows', () => {
  it("shows to an 'alpha' user whose browser supports push and was never asked", async () => {
    fakeBrowser();
    renderPrompt();
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Snooze' })).toBeEnabled();
  });

  it("stays away from users without the 'alpha' feature", async () => {
    fakeBrowser();
    renderPrompt({ ...user, features: ['beta'] });
    await settle();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it.each([
    ['service workers', () => delete (window.navigator as { serviceWorker?: unknown }).serviceWorker],
    ['Notification', () => vi.stubGlobal('Notification', undefined)],
    ['PushManager', () => vi.stubGlobal('PushManager', undefined)],
  ])('stays away from a browser without %s', async (_name, remove) => {
    fakeBrowser();
    remove();
    renderPrompt();
    await settle();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it.each(['granted', 'denied'] as const)('stays away once the browser permission is %s', async (permission) => {
    fakeBrowser({ permission });
    renderPrompt();
    await settle();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('stays away when the browser already holds a subscription', async () => {
    const browser = fakeBrowser({ existing: true });
    renderPrompt();
    await waitFor(() => expect(browser.serviceWorker.getRegistration).toHaveBeenCalled());
    await settle();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('stays away 29 days after a snooze', async () => {
    fakeBrowser();
    window.localStorage.setItem('push.promptedAt', new Date(Date.now() - 29 * DAY).toISOString());
    renderPrompt();
    await settle();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('comes back 31 days after a snooze', async () => {
    fakeBrowser();
    window.localStorage.setItem('push.promptedAt', new Date(Date.now() - 31 * DAY).toISOString());
    renderPrompt();
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
  });
});

describe('push prompt: Snooze', () => {
  it('stores now under push.promptedAt and goes away', async () => {
    fakeBrowser();
    renderPrompt();
    const before = Date.now();
    await userEvent.click(await screen.findByRole('button', { name: 'Snooze' }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    const stored = window.localStorage.getItem('push.promptedAt');
    expect(stored).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(stored ?? '')).toBeGreaterThanOrEqual(before);
    expect(Date.parse(stored ?? '')).toBeLessThanOrEqual(Date.now());
  });
});

describe('push prompt: Enable', () => {
  it('subscribes, saves the subscription and says so (success)', async () => {
    const browser = fakeBrowser();
    const api = renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(nudges()).toEqual([{ message: 'Subscribed to real-time notifications', level: 'success' }]),
    );
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
    expect(api.callsTo(SAVE)[0]?.body).toEqual({ subscription: subscriptionJson });
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('says notifications are blocked when the person does not allow them (default level)', async () => {
    fakeBrowser({ answer: 'denied' });
    const api = renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(nudges()).toEqual([{ message: 'Notifications are disabled or blocked by user', level: 'info' }]),
    );
    expect(api.callsTo(SAVE)).toHaveLength(0);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('says it failed (danger) and keeps the prompt for another try', async () => {
    fakeBrowser();
    renderPrompt(alpha, { [SAVE]: apiError(500, 'INTERNAL') });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(nudges()).toEqual([{ message: 'Failed to subscribe to notifications', level: 'danger' }]),
    );
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeEnabled();
  });
});
