import type { TestApp } from './app.js';
import { createUser, signInAs, USER_API } from './accounts.js';

/** A signed-in user with a bearer token, for /v1 calls. */
export async function bearerUser(t: TestApp, email: string) {
  const user = await createUser(t, email);
  const browser = await signInAs(t, email);
  const token = (await browser.post(`${USER_API}/token`)).json().token as string;
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { user, token, call };
}

export type BearerUser = Awaited<ReturnType<typeof bearerUser>>;
