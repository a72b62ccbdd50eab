import type { TestApp } from './app.js';
import type { BearerUser } from './projects.js';

/** Installs the Drive module in a project through the API, as its owner would. */
export async function installDrive(owner: Pick<BearerUser, 'call'>, projectId: string): Promise<void> {
  const res = await owner.call('POST', `/v1/projects/${projectId}/integrations/drive`);
  if (res.statusCode !== 201) throw new Error(`drive not installed: ${res.body}`);
}

/** Creates a file's record and sends its bytes, as the console does; answers the file. */
export async function uploadAs(
  t: TestApp,
  owner: Pick<BearerUser, 'call' | 'authorization'>,
  projectId: string,
  file: { name: string; type: string; bytes: Buffer; tags?: string[]; public?: boolean; folder?: string },
): Promise<{ id: string; version: number; [key: string]: unknown }> {
  const { bytes, ...fields } = file;
  const created = await owner.call('POST', `/v1/drive/files?project=${projectId}`, { ...fields, size: bytes.length });
  if (created.statusCode !== 201) throw new Error(`file not created: ${created.body}`);
  const { upload } = created.json() as { upload: { url: string } };
  const sent = await t.app.inject({
    method: 'POST',
    url: upload.url,
    headers: { authorization: owner.authorization(), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  if (sent.statusCode !== 200) throw new Error(`bytes not uploaded: ${sent.body}`);
  return sent.json();
}
