import { moduleName } from '../modules/definitions';
import type { AuditEntry } from './api/activity';

/** What an audited operation did, said as a person would ("renamed the project"). */
const doneBy: Record<string, string> = {
  createProject: 'created the project',
  updateProject: 'changed the project settings',
  installProjectTemplate: 'applied a template',
  createInvite: 'invited someone',
  revokeInvite: 'revoked an invitation',
  acceptInvite: 'joined the project',
  updateMember: "changed a member's roles",
  removeMember: 'removed a member',
  assignRole: 'gave a member a role',
  unassignRole: "took a member's role",
  createRole: 'created a custom role',
  updateRole: 'edited a custom role',
  deleteRole: 'deleted a custom role',
  createAuthKey: 'created an API key',
  revokeAuthKey: 'revoked an API key',
};

/** `updateWidgetColour` → "update widget colour", for operations without a sentence of their own. */
function plainWords(operationId: string): string {
  return operationId.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * A module's step, by the module it touched (`integration:{code}`): installs come from the store, a
 * template (when a project starts from one or has one applied) or as another module's dependency.
 */
function moduleStep(entry: AuditEntry, code: string): string | undefined {
  const name = moduleName(code);
  const details = entry.details ?? {};
  switch (entry.operationId) {
    case 'installIntegration':
    case 'createProject':
    case 'installProjectTemplate': {
      if (typeof details.dependencyOf === 'string')
        return `installed ${name}, needed by ${moduleName(details.dependencyOf)}`;
      if (typeof details.template === 'string') return `installed ${name} with the ${details.template} template`;
      return `installed ${name}`;
    }
    case 'uninstallIntegration':
      return `uninstalled ${name}`;
    case 'setupIntegration':
      return `set up ${name}`;
    case 'updateIntegration':
      return `changed the settings of ${name}`;
    default:
      return undefined;
  }
}

/** One line of the activity list: who did what, and whether it was refused. */
export function describeActivity(entry: AuditEntry, nameOf: (userId: string) => string | undefined): string {
  const who =
    entry.actorKind === 'authKey'
      ? 'An API key'
      : (entry.actorUserId && nameOf(entry.actorUserId)) || (entry.actorUserId ? 'A former member' : 'Wharf');
  const module = entry.result === 'success' ? /^integration:(\w+)$/.exec(entry.target ?? '')?.[1] : undefined;
  const what = (module && moduleStep(entry, module)) ?? doneBy[entry.operationId] ?? plainWords(entry.operationId);
  return entry.result === 'success' ? `${who} ${what}` : `${who} tried to ${plainWords(entry.operationId)} (refused)`;
}
