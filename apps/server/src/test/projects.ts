import type { TestApp } from './app.js';
import { createUser, signInAs, USER_API } from './accounts.js';

/** A signed-in user with a bearer token, for /v1 calls. */
export async function bearerUser(t: TestApp, email: string) {
  const user = await createUser(t, email);
  const mint = async () => (await (await signInAs(t, email)).post(`${USER_API}/token`)).json().token as string;
  let token = await mint();
  /** A fresh token (after moving the clock past the old one's expiry), as the console would fetch. */
  const refresh = async () => {
    token = await mint();
  };
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** The Authorization header of its current token, for requests `call` cannot make (a file's bytes). */
  const authorization = () => `Bearer ${token}`;
  return { user, call, refresh, authorization };
}

export type BearerUser = Awaited<ReturnType<typeof bearerUser>>;

/** A project made through the API by `owner` (who becomes its owner), in a new organisation. */
export async function createProjectAs(owner: BearerUser, name = 'Shop') {
  const res = await owner.call('POST', '/v1/projects', { name, organisationName: `${name} Org` });
  if (res.statusCode !== 201) throw new Error(`project not created: ${res.body}`);
  return res.json() as { id: string; organisationId: string };
}
