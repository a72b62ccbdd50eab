import type { ModuleCode, Permission, ProjectSettings } from '@wharf/contract';
import { deepFreeze } from '../../core/http/serializer.js';

export interface TemplateRole {
  /**
   * Installing again finds the role by it. Written the way the role API keys custom roles
   * (`custom:` and the slug of the name), so a role of that name made by hand is the same role.
   */
  key: string;
  name: string;
  description: string;
  permissions: Permission[];
}

export interface Template {
  key: string;
  name: string;
  description: string;
  roles: TemplateRole[];
  settings: ProjectSettings;
  /**
   * Modules to install with the template (their dependencies come along), through the modules'
   * own lifecycle. Free ones only: starting from a template never adds a charge to the bill.
   */
  modules: ModuleCode[];
}

/** The templates a project can start from. Code, not data: a release changes them for every platform. */
export const templates: readonly Template[] = deepFreeze<Template[]>([
  {
    key: 'shop',
    name: 'Shop',
    description:
      'A storefront selling to consumers: its catalogue, orders, customers and website, a shop assistant role, prices in euros.',
    roles: [
      {
        key: 'custom:shop-assistant',
        name: 'Shop assistant',
        description: 'Serves customers: sees the project and its modules, chats and reads shared files.',
        permissions: ['projects.read', 'members.read', 'integrations.read', 'chat.read', 'chat.write', 'drive.read'],
      },
    ],
    settings: { currency: 'EUR', timezone: 'Europe/Amsterdam', weightUnit: 'kg' },
    modules: ['products', 'orders', 'customers', 'website'],
  },
  {
    key: 'factory',
    name: 'Factory',
    description:
      'A production site: products, orders, fulfilment, workflow and files, operator and inspector roles, UTC shift times.',
    roles: [
      {
        key: 'custom:operator',
        name: 'Operator',
        description: 'Runs the line: chats with the team and keeps work instructions and records in files.',
        permissions: ['projects.read', 'chat.read', 'chat.write', 'drive.read', 'drive.write'],
      },
      {
        key: 'custom:quality-inspector',
        name: 'Quality inspector',
        description: 'Checks the work: reads files, members and the audit log, and reports in chat.',
        permissions: ['projects.read', 'members.read', 'audit.read', 'chat.read', 'chat.write', 'drive.read'],
      },
    ],
    settings: { currency: 'EUR', timezone: 'UTC', weightUnit: 'kg' },
    modules: ['products', 'orders', 'fulfillments', 'workflow', 'drive'],
  },
  {
    key: 'blank',
    name: 'Blank',
    description: 'Nothing added: the built-in roles only, no modules, and settings left for you to choose.',
    roles: [],
    settings: {},
    modules: [],
  },
]);

export function findTemplate(key: string): Template | undefined {
  return templates.find((t) => t.key === key);
}
