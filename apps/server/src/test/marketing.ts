import type { BearerUser } from './projects.js';

/**
 * Installs the Marketing module (and Customers, which it depends on): mail marketing's calls
 * (`/v1/mail/*`) answer only where it is installed.
 */
export async function installMarketing(owner: Pick<BearerUser, 'call'>, projectId: string): Promise<void> {
  for (const code of ['customers', 'marketing']) {
    const res = await owner.call('POST', `/v1/projects/${projectId}/integrations/${code}`);
    if (res.statusCode !== 201) throw new Error(`${code} not installed: ${res.body}`);
  }
}
