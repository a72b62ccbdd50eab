import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeJwt } from '../../test/jwt';
import { apiError, fakeApi, json, signedIn, user } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const AUTHORIZE = 'POST /v1/auth/device/authorize';

function deviceApi(answer: Response) {
  return fakeApi({
    routes: {
      ...signedIn(),
      'POST /omnis/v3/dashboard/user/token': () => {
        const iat = Math.floor(Date.now() / 1000);
        return json(200, { token: makeJwt({ sub: user.id, iat, exp: iat + 300 }) });
      },
      [AUTHORIZE]: answer,
    },
  });
}

describe('device authorize', () => {
  it('denies a device by its code', async () => {
    const api = deviceApi(new Response(null, { status: 204 }));
    renderApp('/device', api.fetch);
    await userEvent.type(await screen.findByLabelText('Device code'), 'wdjb-mjht');
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText(/^Device denied\./)).toBeInTheDocument();
    expect(api.callsTo(AUTHORIZE)[0]?.body).toEqual({ user_code: 'WDJB-MJHT', approve: false });
  });

  it('checks the code shape in the browser', async () => {
    const api = deviceApi(new Response(null, { status: 204 }));
    renderApp('/device', api.fetch);
    await userEvent.type(await screen.findByLabelText('Device code'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Enter the code shown on your device, like WDJB-MJHT.')).toBeInTheDocument();
    expect(api.callsTo(AUTHORIZE)).toHaveLength(0);
  });

  it.each([
    [apiError(404, 'DEVICE_CODE_NOT_FOUND', 'Unknown code'), 'No device is waiting with this code.'],
    [apiError(400, 'DEVICE_CODE_EXPIRED', 'Expired'), 'This code has expired.'],
  ])('explains a refused code', async (answer, text) => {
    renderApp('/device?user_code=WDJB-MJHT', deviceApi(answer).fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.getByLabelText('Device code')).toHaveAttribute('aria-invalid', 'true');
  });
});
