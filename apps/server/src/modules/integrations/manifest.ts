import type { ModuleCode } from '@wharf/contract';
import type { z } from 'zod';
import type { Executor } from '../../core/db/database.js';

/** What a module's hooks are told. They run inside the lifecycle step's transaction. */
export interface HookContext {
  tx: Executor;
  projectId: string;
  code: ModuleCode;
  /** The module's settings after the step (parsed by its schema). */
  config: Record<string, unknown>;
  now: Date;
}

/**
 * A module's lifecycle hooks (SPEC.md section 4). A hook that throws undoes its step: the whole
 * transaction rolls back, so a failed install leaves no record.
 */
export interface ModuleHooks {
  install?(context: HookContext): Promise<void>;
  setup?(context: HookContext): Promise<void>;
  configure?(context: HookContext & { before: Record<string, unknown> }): Promise<void>;
  uninstall?(context: HookContext): Promise<void>;
}

/** A connector's outcome of Test connection: never throws, never hangs (the adapter has a timeout). */
export interface ConnectionResult {
  ok: boolean;
  message: string;
}

/** How a third-party connector reaches its provider (an injectable fetch, so tests use a local fake). */
export interface ConnectorAdapter {
  testConnection(
    credentials: Record<string, string>,
    options: { fetch: typeof fetch; timeoutMs: number },
  ): Promise<ConnectionResult>;
}

export interface ModuleProduct {
  /** Unique within the module; the product's id is `{code}:{slug}`. */
  slug: string;
  name: string;
  description: string;
  prices: readonly { currency: string; amount: number }[];
}

/**
 * One registered module (SPEC.md section 1), described in code: released with the code that
 * implements it. `config` is a zod object whose every field has a default, so a fresh install is valid.
 */
export interface ModuleManifest {
  code: ModuleCode;
  name: string;
  /** A category code of `categories.ts`. */
  category: string;
  description: string;
  /** An icon name of the console's icon set (apps/web/src/ui/Icon.tsx). */
  icon: string;
  dependsOn: readonly ModuleCode[];
  /** Monthly price in minor units per currency; none for a free module. */
  prices: readonly { currency: string; monthlyAmount: number }[];
  needsSetup: boolean;
  config: z.ZodObject;
  connector?: { credentials: z.ZodObject; adapter: ConnectorAdapter };
  products?: readonly ModuleProduct[];
  hooks?: ModuleHooks;
}

/** Identity helper: keeps a manifest's literal types and checks it against the interface. */
export function defineManifest<const M extends ModuleManifest>(manifest: M): M {
  return manifest;
}
