import type { Operation } from '@wharf/contract';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Clock, TestClock } from './clock.js';
import type { Database, DatabaseHandle } from './db/database.js';
import type { Handler, RateLimit } from './http/operations.js';
import type { OutboundFetch } from './http/outbound.js';
import type { KeptAnswers } from './http/kept-answers.js';
import type { JobQueue } from './jobs/queue.js';
import type { ObjectStore } from './storage/object-store.js';
import type { Realtime } from './realtime/gateway.js';

/**
 * The module contract (DESIGN.md "Modules", decision 026). A module is a folder `modules/<m>/` whose
 * `index.ts` exports one `defineModule(...)`: its name, the modules whose services it uses, and a
 * `setup` that registers its jobs and schedules and answers its handlers and its service. app.ts
 * builds the app from a list of modules; a module may use only modules listed before it, so the
 * wiring has no circles, and a lower module that must hear from a higher one offers a hook
 * (core/hooks.ts) that the higher one adds to in its setup.
 */

/** What every module is handed, the same way: the shared parts of the platform. */
export interface SharedParts {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  /** The clock itself when it is a test clock (TEST_CLOCK=true, tests): admin calls may move it. */
  testClock?: TestClock;
  jobs: JobQueue;
  /** The one guarded fetch for addresses a user gave (decision 024). */
  outbound: OutboundFetch;
  /** Shared by every process when REDIS_URL is set; undefined on a single process. */
  redis?: Redis;
  /** Where file bytes live: DATA_DIR/files, or the S3-compatible store at S3_ENDPOINT (decision 029). */
  storage: ObjectStore;
  /** Answers given again from memory before Fastify (decision 031); a module forgets what changed. */
  answers: KeptAnswers;
  /** Events to the console's open sockets, on every process (decision 033); a module says who may hear its topics. */
  realtime: Realtime;
  /** A secret every process shares (core/security/secrets.ts): made on first start, kept in the database. */
  secret(name: string, make?: () => string): Promise<string>;
  log(message: string, details?: unknown): void;
  /** Work to do when the app closes (stop timers, leave pub/sub), after requests in flight end. */
  onClose(work: () => Promise<void> | void): void;
}

/** A handler for any operation of the contract; app.ts checks each operation has exactly one. */
export type AnyHandlers = Record<string, Handler<Operation>>;

/** What a module's setup answers. */
export interface ModuleParts<Service> {
  /** The module's operations, by operationId (typed with `Handlers<Pick<typeof operations, …>>`). */
  handlers?: object;
  /** Per-address request limits of its abusable operations. */
  rateLimits?: Record<string, RateLimit>;
  /** What other modules may use: its read models, commands and hooks. Never its tables. */
  service: Service;
}

export interface WharfModule<Name extends string, Service, Needs extends object> {
  name: Name;
  /** The modules whose services this one uses; each must come earlier in app.ts's list. */
  needs: readonly (keyof Needs & string)[];
  setup(shared: SharedParts, needs: Needs): Promise<ModuleParts<Service>> | ModuleParts<Service>;
}

// `any` here only lets one list hold modules of different service types; each module is typed alone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModule = WharfModule<string, any, any>;

/** The service a module offers, for the modules that need it: `ServiceOf<typeof projectsModule>`. */
export type ServiceOf<M> =
  M extends WharfModule<string, infer Service, infer _Needs>
    ? Service
    : M extends (...args: never[]) => WharfModule<string, infer Service, infer _Needs>
      ? Service
      : never;

/** Names a module and checks its shape; `Needs` lists the services it takes by module name. */
export function defineModule<Name extends string, Service, Needs extends object = Record<never, never>>(
  module: WharfModule<Name, Service, Needs>,
): WharfModule<Name, Service, Needs> {
  return module;
}

export interface AssembledModules {
  services: Record<string, unknown>;
  handlers: AnyHandlers;
  rateLimits: Record<string, RateLimit>;
}

/**
 * Sets the modules up in list order, handing each the services it named. Refuses a list where a
 * module needs one not set up before it, two modules of one name, or two handlers of one operation.
 */
export async function assembleModules(modules: readonly AnyModule[], shared: SharedParts): Promise<AssembledModules> {
  const services: Record<string, unknown> = {};
  const handlers: AnyHandlers = {};
  const owners: Record<string, string> = {};
  const rateLimits: Record<string, RateLimit> = {};
  for (const module of modules) {
    if (module.name in services) throw new Error(`Two modules are named ${module.name}`);
    const needs: Record<string, unknown> = {};
    for (const name of module.needs) {
      if (!(name in services)) {
        throw new Error(`Module ${module.name} needs ${name}, which must come before it in the module list`);
      }
      needs[name] = services[name];
    }
    const parts = await module.setup(shared, needs);
    services[module.name] = parts.service;
    for (const [operationId, handler] of Object.entries(parts.handlers ?? {})) {
      if (owners[operationId]) {
        throw new Error(`Operation ${operationId} is handled by both ${owners[operationId]} and ${module.name}`);
      }
      owners[operationId] = module.name;
      handlers[operationId] = handler as Handler<Operation>;
    }
    Object.assign(rateLimits, parts.rateLimits);
  }
  return { services, handlers, rateLimits };
}

/** Every operation of the table has a handler, or the app does not start (the names of those missing). */
export function assertEveryOperationHandled(table: Record<string, Operation>, handlers: AnyHandlers): void {
  const missing = Object.keys(table).filter((operationId) => !handlers[operationId]);
  if (missing.length > 0) throw new Error(`No module handles these operations: ${missing.join(', ')}`);
  const unknown = Object.keys(handlers).filter((operationId) => !(operationId in table));
  if (unknown.length > 0) throw new Error(`Handlers for operations the contract lacks: ${unknown.join(', ')}`);
}
