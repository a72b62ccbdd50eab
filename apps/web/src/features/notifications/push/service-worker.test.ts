import { describe, expect, it, vi } from 'vitest';
import source from '../../../../public/sw.js?raw';

const ORIGIN = 'https://console.test';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, { navigable = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async () => {
      if (!navigable) throw new TypeError('not controlled');
      return client;
    }),
  };
  return client;
}

/** public/sw.js run against a stand-in worker scope; `fire` dispatches an event and waits for its work. */
function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', source)(scope);

  async function fire(type: string, event: Record<string, unknown>) {
    const work: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
  }
  return { scope, fire, listeners };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});

const clickEvent = (url?: string) => ({
  notification: { close: vi.fn(), data: url === undefined ? {} : { url } },
});

describe('service worker: push', () => {
  it("shows the payload's title, body and image", async () => {
    const { scope, fire } = loadWorker();
    await fire(
      'push',
      pushEvent({
        id: 'n1',
        title: 'Invoice paid',
        body: 'INV-7 is paid.',
        image: 'https://cdn.test/i.png',
        url: '/billing/invoices?project=p1',
      }),
    );
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Invoice paid', {
      body: 'INV-7 is paid.',
      icon: 'https://cdn.test/i.png',
      tag: 'n1',
      data: { url: '/billing/invoices?project=p1' },
    });
  });

  it('shows a payload without image or url too', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', pushEvent({ title: 'Hello' }));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Hello', { body: '', data: { url: '/' } });
  });

  it('shows a text payload as the body', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'plain words',
      },
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Notification', {
      body: 'plain words',
      data: { url: '/' },
    });
  });
});

describe('service worker: notification click', () => {
  it('focuses an open console window and sends it to the url', async () => {
    const open = fakeWindow(`${ORIGIN}/dashboard/?project=p1`);
    const { scope, fire } = loadWorker([fakeWindow('https://elsewhere.test/'), open]);
    const event = clickEvent('/chat?project=p1');
    await fire('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/chat?project=p1`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when no console window is open', async () => {
    const { scope, fire } = loadWorker([]);
    await fire('notificationclick', clickEvent('/chat'));
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat`);
  });

  it('opens a window when the open one cannot be navigated', async () => {
    const { scope, fire } = loadWorker([fakeWindow(`${ORIGIN}/`, { navigable: false })]);
    await fire('notificationclick', clickEvent('/chat'));
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat`);
  });

  it("opens another site's link beside the console", async () => {
    const open = fakeWindow(`${ORIGIN}/`);
    const { scope, fire } = loadWorker([open]);
    await fire('notificationclick', clickEvent('https://docs.example.com/guide'));
    expect(open.navigate).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).toHaveBeenCalledWith('https://docs.example.com/guide');
  });

  it('goes to the console home without a url', async () => {
    const { scope, fire } = loadWorker([]);
    await fire('notificationclick', clickEvent());
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});

describe('service worker: lifecycle', () => {
  it('takes over at once and claims open windows', async () => {
    const { scope, fire } = loadWorker();
    await fire('install', {});
    await fire('activate', {});
    expect(scope.skipWaiting).toHaveBeenCalled();
    expect(scope.clients.claim).toHaveBeenCalled();
  });
});
