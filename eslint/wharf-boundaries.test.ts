import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin from './wharf-boundaries.js';

// RuleTester makes one vitest test per case when it is handed vitest's describe and it.
RuleTester.describe = describe;
RuleTester.it = it;

// Real files under fixtures/ give the cycle rule a module graph to read from disk.
const src = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'apps', 'server', 'src');
const file = (rel: string) => path.join(src, ...rel.split('/'));

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

describe('wharf/private-tables', () => {
  ruleTester.run('private-tables', plugin.rules['private-tables'], {
    valid: [
      { filename: file('modules/accounts/service.ts'), code: "import { users } from './schema.js';" },
      { filename: file('modules/accounts/sub/deep.ts'), code: "import { users } from '../schema.js';" },
      { filename: file('modules/accounts/accounts.test.ts'), code: "import { users } from './schema.js';" },
      // A foreign key names another module's table.
      { filename: file('modules/accounts/schema.ts'), code: "import { invoices } from '../billing/schema.js';" },
      { filename: file('core/db/schema.ts'), code: "export * from '../../modules/billing/schema.js';" },
      { filename: file('core/audit/audit.ts'), code: "import { auditLog } from './schema.js';" },
      {
        filename: file('modules/billing/handlers.ts'),
        code: "import { accountsService } from '../accounts/index.js';",
      },
      // Not a module's schema.ts, just a file that happens to sit deeper.
      { filename: file('modules/billing/x.ts'), code: "import { y } from '../accounts/pdf/schema.js';" },
      { filename: file('modules/billing/x.ts'), code: "import { z } from 'drizzle-orm';" },
      // Files outside the server tree are not this rule's business.
      {
        filename: path.join(src, '..', '..', '..', 'web', 'x.ts'),
        code: "import { a } from '../server/src/modules/accounts/schema.js';",
      },
    ],
    invalid: [
      {
        // The acceptance case: a test file that imports another module's schema.
        filename: file('modules/billing/x.test.ts'),
        code: "import { users } from '../accounts/schema.js';",
        errors: [
          {
            message:
              'modules/accounts/schema.ts is private to the accounts module: call its service (modules/accounts/index.ts) instead.',
          },
        ],
      },
      {
        filename: file('modules/billing/x.ts'),
        code: "import type { User } from '../accounts/schema.js';",
        errors: [{ messageId: 'module' }],
      },
      {
        filename: file('modules/billing/x.ts'),
        code: "export { users } from '../accounts/schema';\nconst m = await import('../accounts/schema.js');\nexport type T = typeof import('../accounts/schema.js');\nexport { m };",
        errors: [{ messageId: 'module' }, { messageId: 'module' }, { messageId: 'module' }],
      },
      {
        filename: file('app.ts'),
        code: "import { projects } from './modules/projects/schema.js';",
        errors: [{ messageId: 'module' }],
      },
      {
        filename: file('modules/billing/ledger.ts'),
        code: "import { auditLog } from '../../core/audit/schema.js';",
        errors: [
          {
            message:
              'core/audit/schema.ts is private to core/audit: call the functions core/audit offers instead of reading its tables.',
          },
        ],
      },
      {
        filename: file('core/jobs/queue.ts'),
        code: "import { auditLog } from '../audit/schema.js';",
        errors: [{ messageId: 'core' }],
      },
      {
        // A core integration test may reach a module's service, never its tables.
        filename: file('core/http/access.test.ts'),
        code: "import { members } from '../../modules/projects/schema.js';",
        errors: [{ messageId: 'module' }],
      },
    ],
  });
});

describe('wharf/core-independent', () => {
  ruleTester.run('core-independent', plugin.rules['core-independent'], {
    valid: [
      {
        filename: file('core/http/access.test.ts'),
        code: "import { projectsService } from '../../modules/projects/index.js';",
      },
      { filename: file('core/http/access.ts'), code: "import { clock } from '../clock.js';" },
      { filename: file('modules/billing/x.ts'), code: "import { accountsService } from '../accounts/index.js';" },
      { filename: file('app.ts'), code: "import { accountsService } from './modules/accounts/index.js';" },
    ],
    invalid: [
      {
        filename: file('core/http/access.ts'),
        code: "import { projectsService } from '../../modules/projects/index.js';",
        errors: [
          {
            message:
              'core/ depends on no module (DESIGN.md); move this to the module, or hand it in through the module contract.',
          },
        ],
      },
      {
        filename: file('core/pagination.ts'),
        code: "import type { Invoice } from './../modules/billing/index.js';",
        errors: [{ messageId: 'module' }],
      },
    ],
  });
});

describe('wharf/no-module-cycles', () => {
  // On disk: mail → projects → billing (type import); accounts → billing only via schema and a test.
  ruleTester.run('no-module-cycles', plugin.rules['no-module-cycles'], {
    valid: [
      // One-way edge: accounts reaches billing only through a foreign key and a test, which do not count.
      {
        filename: file('modules/billing/handlers.ts'),
        code: "import { accountsService } from '../accounts/index.js';",
      },
      { filename: file('modules/projects/service.ts'), code: "import type { Invoice } from '../billing/index.js';" },
      // Tests may wire modules together.
      {
        filename: file('modules/billing/billing.test.ts'),
        code: "import { projectsService } from '../projects/index.js';",
      },
      // Within a module, and schema → schema.
      { filename: file('modules/billing/handlers.ts'), code: "import { invoices } from './schema.js';" },
      { filename: file('modules/billing/schema.ts'), code: "import { users } from '../accounts/schema.js';" },
    ],
    invalid: [
      {
        filename: file('modules/billing/handlers.ts'),
        code: "import { projectsService } from '../projects/index.js';",
        errors: [
          {
            message:
              'modules/billing → modules/projects closes a circle: projects → billing (modules/projects/handlers.ts). Invert it: the lower module offers a hook the higher one registers into.',
          },
        ],
      },
      {
        // A type import closes a circle as well.
        filename: file('modules/billing/handlers.ts'),
        code: "import type { ProjectInvoice } from '../projects/handlers.js';",
        errors: [{ messageId: 'cycle' }],
      },
      {
        filename: file('modules/billing/gateway/stripe.ts'),
        code: "export { mailService } from '../../mail/index.js';",
        errors: [
          {
            message:
              'modules/billing → modules/mail closes a circle: mail → projects (modules/mail/index.ts) → billing (modules/projects/handlers.ts). Invert it: the lower module offers a hook the higher one registers into.',
          },
        ],
      },
    ],
  });
});
