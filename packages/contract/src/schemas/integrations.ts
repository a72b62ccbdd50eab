import { z } from 'zod';
import { multiline } from './common.js';
import { Page, Paging } from './auth.js';
import { Currency } from './billing.js';

import { MODULE_CODES } from '../module-codes.js';

export { MODULE_CODES };

/** A registered module code. In paths it is a plain string: an unknown one is a 404 with SPEC.md's words. */
export const ModuleCode = z.enum(MODULE_CODES);
export type ModuleCode = z.infer<typeof ModuleCode>;

export const IntegrationCategory = z
  .object({ code: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'IntegrationCategory' });
export type IntegrationCategory = z.infer<typeof IntegrationCategory>;

export const ModulePrice = z.object({ currency: Currency, monthlyAmount: z.number().int().min(0) });

/** A module as the catalogue describes it: what it is, what it needs, what it costs, how it is set. */
export const Integration = z
  .object({
    code: ModuleCode,
    name: z.string(),
    category: z.string(),
    description: z.string(),
    /** An icon name of the console's icon set. */
    icon: z.string(),
    /** Codes that must be installed first (installing this one installs them). */
    dependsOn: z.array(ModuleCode),
    /** Monthly price per currency; empty when the module is free. */
    prices: z.array(ModulePrice),
    /** Whether the module needs its set-up step before it works. */
    needsSetup: z.boolean(),
    /** A third-party connector: it keeps credentials (write-only) and offers Test connection. */
    connector: z.boolean(),
    /** Its settings as JSON Schema (from the same zod schema the server validates with). */
    configSchema: z.record(z.string(), z.unknown()),
    /** The credentials a connector asks for, as JSON Schema; null for other modules. */
    credentialsSchema: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'Integration' });
export type Integration = z.infer<typeof Integration>;

/** SPEC.md section 3: an installation (code, config, setupAt). */
export const IntegrationInstallation = z
  .object({
    code: ModuleCode,
    config: z.record(z.string(), z.unknown()),
    setupAt: z.string().nullable(),
    installedAt: z.string(),
    /** Set on an uninstalled one (listed with `withUninstalled`). */
    uninstalledAt: z.string().nullable(),
    /** Whether credentials are stored (they are never returned). */
    hasCredentials: z.boolean(),
  })
  .meta({ id: 'IntegrationInstallation' });
export type IntegrationInstallation = z.infer<typeof IntegrationInstallation>;

/** What a platform's store shows (SPEC.md section 3: a listing has a code); admins decide. */
export const IntegrationListing = z
  .object({
    id: z.uuid(),
    code: ModuleCode,
    visible: z.boolean(),
    sortOrder: z.number().int(),
    /** The catalogue's module with the listing's own name and description when it overrides them. */
    integration: Integration,
    /** With `project`: whether the project has it installed. */
    installed: z.boolean().optional(),
  })
  .meta({ id: 'IntegrationListing' });
export type IntegrationListing = z.infer<typeof IntegrationListing>;

export const IntegrationListingPage = Page(IntegrationListing).meta({ id: 'IntegrationListingPage' });

export const ListIntegrationListingsQuery = z.object({
  project: z.uuid(),
  ...Paging,
  category: z.string().max(50).optional(),
  search: z.string().trim().max(200).optional(),
});

export const CreateIntegrationListingRequest = z
  .object({
    code: ModuleCode,
    visible: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(1_000_000).default(1000),
    name: z.string().trim().min(1).max(100).nullable().optional(),
    description: multiline(z.string().trim().min(1).max(2000)).nullable().optional(),
  })
  .meta({ id: 'CreateIntegrationListingRequest' });
export type CreateIntegrationListingRequest = z.infer<typeof CreateIntegrationListingRequest>;

export const UpdateIntegrationListingRequest = CreateIntegrationListingRequest.omit({ code: true })
  .partial()
  .meta({ id: 'UpdateIntegrationListingRequest' });
export type UpdateIntegrationListingRequest = z.infer<typeof UpdateIntegrationListingRequest>;

/** Something a module offers to buy (a label pack, a template, credits), priced per currency. */
export const IntegrationProduct = z
  .object({
    id: z.string(),
    integration: ModuleCode,
    name: z.string(),
    description: z.string(),
    prices: z.array(z.object({ currency: Currency, amount: z.number().int().min(0) })),
  })
  .meta({ id: 'IntegrationProduct' });
export type IntegrationProduct = z.infer<typeof IntegrationProduct>;

/**
 * SPEC.md: updateIntegrationRequest, for configure (PATCH) and set up (POST …/setup). `config` is
 * checked against the module's schema; `credentials` (connectors only) are stored encrypted and
 * never returned.
 */
export const UpdateIntegrationRequest = z
  .object({
    config: z.record(z.string(), multiline(z.unknown())).optional(),
    credentials: z.record(z.string(), multiline(z.string().max(2000))).optional(),
  })
  .meta({ id: 'UpdateIntegrationRequest' });
export type UpdateIntegrationRequest = z.infer<typeof UpdateIntegrationRequest>;

/** Install: the config to start with (the schema's defaults when left out). */
export const InstallIntegrationRequest = z
  .object({ config: z.record(z.string(), multiline(z.unknown())).optional() })
  .meta({ id: 'InstallIntegrationRequest' });
export type InstallIntegrationRequest = z.infer<typeof InstallIntegrationRequest>;

export const ConnectionTest = z
  .object({ ok: z.boolean(), message: z.string(), checkedAt: z.string() })
  .meta({ id: 'ConnectionTest' });
export type ConnectionTest = z.infer<typeof ConnectionTest>;
