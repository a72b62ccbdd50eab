import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json, queryOf, type FakeRoutes } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const CONFIRM = 'POST /v1/mail/subscriptions/confirm';
const UNSUBSCRIBE = 'POST /v1/mail/subscriptions/unsubscribe';
const READ = 'GET /v1/mail/subscriptions/unsubscribe';
const stillSubscribed = { [READ]: () => json(200, { status: 'subscribed', sender: 'Harbour Goods' }) };
const TOKEN = 'signed.token-123';

/** No session: the people who follow these links are subscribers, not console users. */
const visitor = (routes: FakeRoutes) => fakeApi({ routes });

describe('the confirmation link (/mail/confirm)', () => {
  it('confirms on arrival exactly once, even under StrictMode, with no sign-in or token minted', async () => {
    const answer = deferred<Response>();
    const api = visitor({ [CONFIRM]: () => answer.promise });
    renderApp(`/mail/confirm?token=${TOKEN}`, api.fetch, undefined, { strict: true });
    expect(await screen.findByText('Confirming your subscription…')).toBeInTheDocument();
    answer.resolve(json(200, { status: 'subscribed', sender: 'Harbour Goods' }));
    expect(await screen.findByRole('heading', { name: "You're subscribed to Harbour Goods" })).toBeInTheDocument();
    expect(api.callsTo(CONFIRM)).toHaveLength(1);
    expect(api.callsTo(CONFIRM)[0]?.body).toEqual({ token: TOKEN });
    expect(api.callsTo(CONFIRM)[0]?.headers.has('authorization')).toBe(false);
    expect(api.requests.some((url) => url.includes('/user/token'))).toBe(false);
    await waitFor(() => expect(document.title).toMatch(/^Confirm subscription/));
  });

  it('says plainly when the link is not valid any more, or is missing its token', async () => {
    const api = visitor({
      [CONFIRM]: apiError(
        400,
        'INVALID_TOKEN',
        'This link is not valid: it may have been cut short. Open it again from the mail.',
      ),
    });
    const view = renderApp(`/mail/confirm?token=${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByText(/it may have been cut short\. Open it again from the mail\./)).toBeInTheDocument();
    view.unmount();

    const gone = visitor({ [CONFIRM]: apiError(404, 'SUBSCRIBER_NOT_FOUND', 'This subscription no longer exists.') });
    const again = renderApp(`/mail/confirm?token=${TOKEN}`, gone.fetch);
    expect(await screen.findByRole('heading', { name: 'This subscription no longer exists' })).toBeInTheDocument();
    again.unmount();

    const none = visitor({});
    renderApp('/mail/confirm', none.fetch);
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(none.callsTo(CONFIRM)).toHaveLength(0);
  });

  it('does not claim a subscription for someone who unsubscribed since', async () => {
    const api = visitor({ [CONFIRM]: json(200, { status: 'unsubscribed', sender: 'Harbour Goods' }) });
    renderApp(`/mail/confirm?token=${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: "You're not subscribed to Harbour Goods" })).toBeInTheDocument();
  });
});

describe('the unsubscribe link (/mail/unsubscribe)', () => {
  it('asks first, naming the sender, and unsubscribes only when the button is pressed', async () => {
    const api = visitor({
      ...stillSubscribed,
      [UNSUBSCRIBE]: json(200, { status: 'unsubscribed', sender: 'Harbour Goods' }),
    });
    renderApp(`/mail/unsubscribe?token=${TOKEN}`, api.fetch, undefined, { strict: true });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(await screen.findByRole('heading', { name: 'Unsubscribe from Harbour Goods?' })).toBeInTheDocument();
    // A mail scanner opening the link changes nothing: the page only reads it.
    expect(api.callsTo(UNSUBSCRIBE)).toHaveLength(0);
    expect(queryOf(api.callsTo(READ)[0])).toEqual({ token: TOKEN });
    expect(api.callsTo(READ)[0]?.headers.has('authorization')).toBe(false);

    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByText(/Harbour Goods will not send you newsletters or offers any more/)).toBeInTheDocument();
    expect(api.callsTo(UNSUBSCRIBE)).toHaveLength(1);
    expect(queryOf(api.callsTo(UNSUBSCRIBE)[0])).toEqual({ token: TOKEN });
    expect(api.callsTo(UNSUBSCRIBE)[0]?.headers.has('authorization')).toBe(false);
  });

  it('says so at once when the person is unsubscribed already, or the link is not valid', async () => {
    const done = visitor({ [READ]: json(200, { status: 'unsubscribed', sender: 'Harbour Goods' }) });
    const view = renderApp(`/mail/unsubscribe?token=${TOKEN}`, done.fetch);
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    view.unmount();

    const forged = visitor({ [READ]: apiError(400, 'INVALID_TOKEN', 'This link is not valid.') });
    renderApp(`/mail/unsubscribe?token=${TOKEN}`, forged.fetch);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(forged.callsTo(UNSUBSCRIBE)).toHaveLength(0);
  });

  it('says when the link is not valid, when the address was already removed, and when it is incomplete', async () => {
    const api = visitor({
      ...stillSubscribed,
      [UNSUBSCRIBE]: apiError(400, 'INVALID_TOKEN', 'This link is not valid.'),
    });
    const view = renderApp(`/mail/unsubscribe?token=${TOKEN}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    view.unmount();

    const gone = visitor({
      ...stillSubscribed,
      [UNSUBSCRIBE]: apiError(404, 'SUBSCRIBER_NOT_FOUND', 'This subscription no longer exists.'),
    });
    const again = renderApp(`/mail/unsubscribe?token=${TOKEN}`, gone.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: "You're not on the list any more" })).toBeInTheDocument();
    again.unmount();

    renderApp('/mail/unsubscribe', visitor({}).fetch);
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says what went wrong when the server fails', async () => {
    const api = visitor({ ...stillSubscribed, [UNSUBSCRIBE]: json(500, { code: 'INTERNAL', message: 'boom' }) });
    renderApp(`/mail/unsubscribe?token=${TOKEN}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
