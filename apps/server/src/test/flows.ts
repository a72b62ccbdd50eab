import type { Flow } from '@wharf/contract';
import type { BearerUser } from './projects.js';

/** Installs the Flows module and what it depends on (Customers, Marketing). */
export async function installFlows(owner: Pick<BearerUser, 'call'>, projectId: string): Promise<void> {
  for (const code of ['customers', 'marketing', 'flows']) {
    const res = await owner.call('POST', `/v1/projects/${projectId}/integrations/${code}`);
    if (res.statusCode !== 201) throw new Error(`${code} not installed: ${res.body}`);
  }
}

/** Makes a flow with this draft through the API and publishes it (or throws): it is live and active. */
export async function publishedFlow(
  caller: Pick<BearerUser, 'call'>,
  projectId: string,
  body: { name: string; trigger: unknown; steps: unknown[] },
): Promise<Flow> {
  const made = await caller.call('POST', `/v1/flows?project=${projectId}`, body);
  if (made.statusCode !== 201) throw new Error(`no flow: ${made.body}`);
  const { id } = made.json() as Flow;
  const res = await caller.call('POST', `/v1/flows/${id}/draft/publish?project=${projectId}`);
  if (res.statusCode !== 200) throw new Error(`not published: ${res.body}`);
  return res.json() as Flow;
}
