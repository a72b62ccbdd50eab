import type { Integration, IntegrationCategory, IntegrationProduct } from '@wharf/contract';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { ModuleManifest } from './manifest.js';
import {
  categories,
  findCategory,
  findManifest,
  manifestIn,
  moduleRegistry,
  requireManifest,
  type ModuleRegistry,
} from './registry.js';

/**
 * A zod schema as the JSON Schema of what a caller may send (`io: 'input'`): fields with a default
 * are optional and carry it, so the web's settings form starts from the same defaults the server
 * applies, and checks the same bounds and patterns. Each field's own zod messages go along as
 * `errorMessage` (ajv-errors' keyword, one message per JSON Schema keyword), so the browser refuses
 * a value in the same words the server would.
 */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      const messages = zodMessages(zodSchema as unknown as ZodNode);
      if (Object.keys(messages).length > 0) jsonSchema.errorMessage = messages;
    },
  }) as Record<string, unknown>;
}

/** What zod keeps of a schema node and its checks: the parts `zodMessages` reads. */
interface ZodNode {
  _zod: {
    def: {
      type: string;
      format?: string;
      error?: (issue: unknown) => unknown;
      checks?: {
        _zod: { def: { check: string; format?: string; inclusive?: boolean; error?: (issue: unknown) => unknown } };
      }[];
    };
  };
}

/**
 * The message a schema or check was given (`.min(1, 'Enter a name.')`, `{ error: '…' }`), if it is
 * plain words. zod keeps it as an error map; one that reads the issue has no fixed words to publish.
 */
function givenMessage(error: ((issue: unknown) => unknown) | undefined): string | undefined {
  if (!error) return undefined;
  try {
    const given = error({});
    if (typeof given === 'string') return given;
    if (given && typeof given === 'object' && typeof (given as { message?: unknown }).message === 'string')
      return (given as { message: string }).message;
  } catch {
    // Needs a real issue to speak: left to the browser's own words.
  }
  return undefined;
}

/** A node's messages by the JSON Schema keyword that carries each rule. */
function zodMessages(node: ZodNode): Record<string, string> {
  const def = node._zod.def;
  const messages: Record<string, string> = {};
  // zod's length checks serve strings and arrays alike; JSON Schema names them apart.
  const array = def.type === 'array';
  const put = (keywords: string[], message: string | undefined) => {
    if (message !== undefined) for (const keyword of keywords) messages[keyword] ??= message;
  };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    const message = givenMessage(c.error);
    if (c.check === 'min_length') put([array ? 'minItems' : 'minLength'], message);
    else if (c.check === 'max_length') put([array ? 'maxItems' : 'maxLength'], message);
    else if (c.check === 'length_equals') put(array ? ['minItems', 'maxItems'] : ['minLength', 'maxLength'], message);
    else if (c.check === 'string_format') put(c.format === 'regex' ? ['pattern'] : ['format', 'pattern'], message);
    else if (c.check === 'greater_than') put([c.inclusive ? 'minimum' : 'exclusiveMinimum'], message);
    else if (c.check === 'less_than') put([c.inclusive ? 'maximum' : 'exclusiveMaximum'], message);
    else if (c.check === 'number_format') put(['type'], message);
  }
  // The schema's own message: for a wrong type, a missing value, and what a format or enum refuses.
  const own = givenMessage(def.error);
  if (def.type === 'enum') put(['enum', 'required'], own);
  else if (def.format) put(['format', 'pattern', 'type', 'required'], own);
  else put(['type', 'required'], own);
  return messages;
}

/** A manifest as the contract's catalogue entry. */
export function toIntegration(manifest: ModuleManifest): Integration {
  return {
    code: manifest.code,
    name: manifest.name,
    category: manifest.category,
    description: manifest.description,
    icon: manifest.icon,
    dependsOn: [...manifest.dependsOn],
    prices: manifest.prices.map((p) => ({ ...p })),
    needsSetup: manifest.needsSetup,
    connector: manifest.connector !== undefined,
    configSchema: toJsonSchema(manifest.config),
    credentialsSchema: manifest.connector ? toJsonSchema(manifest.connector.credentials) : null,
  };
}

/** Manifests are fixed for the life of the process, so each entry is converted once. */
const integrationCache = new Map<string, Integration>();

/** One module's catalogue entry, or undefined for an unknown code. Treat it as read-only: spread it to override. */
export function findIntegration(code: string): Integration | undefined {
  const manifest = findManifest(code);
  if (!manifest) return undefined;
  let integration = integrationCache.get(manifest.code);
  if (!integration) {
    integration = toIntegration(manifest);
    integrationCache.set(manifest.code, integration);
  }
  return integration;
}

/** One module's catalogue entry; SPEC.md section 8's 404 for an unknown code. */
export function requireIntegration(code: string): Integration {
  requireManifest(code);
  return findIntegration(code) as Integration;
}

/** listIntegrations: every registered module, in SPEC.md's order. */
export function listIntegrations(): Integration[] {
  return [...moduleRegistry.keys()].map((code) => findIntegration(code) as Integration);
}

/** listIntegrationCategories. */
export function listCategories(): IntegrationCategory[] {
  return categories.map((c) => ({ ...c }));
}

/** getIntegrationCategory: 404 for an unknown category. */
export function requireCategory(code: string): IntegrationCategory {
  const category = findCategory(code);
  if (!category) throw new AppError(404, 'INTEGRATION_CATEGORY_NOT_FOUND', `Category ${code} not found`);
  return { ...category };
}

const productId = (code: string, slug: string) => `${code}:${slug}`;

/** A manifest's products as the contract's, each with the id `{code}:{slug}`. */
export function toIntegrationProducts(manifest: ModuleManifest): IntegrationProduct[] {
  return (manifest.products ?? []).map((product) => ({
    id: productId(manifest.code, product.slug),
    integration: manifest.code,
    name: product.name,
    description: product.description,
    prices: product.prices.map((p) => ({ ...p })),
  }));
}

/** listIntegrationProducts: what a module offers (possibly nothing); 404 for an unknown module. */
export function listProducts(code: string, registry: ModuleRegistry = moduleRegistry): IntegrationProduct[] {
  return toIntegrationProducts(manifestIn(registry, code));
}

/** A product by its id `{code}:{slug}`, or undefined (unknown module, unknown slug, or no colon at all). */
export function findProduct(id: string, registry: ModuleRegistry = moduleRegistry): IntegrationProduct | undefined {
  const colon = id.indexOf(':');
  if (colon < 0) return undefined;
  const manifest = registry.get(id.slice(0, colon));
  if (!manifest) return undefined;
  return toIntegrationProducts(manifest).find((p) => p.id === id);
}

/** getIntegrationProduct: 404 for an unknown product. */
export function requireProduct(id: string, registry: ModuleRegistry = moduleRegistry): IntegrationProduct {
  const product = findProduct(id, registry);
  if (!product) throw new AppError(404, 'INTEGRATION_PRODUCT_NOT_FOUND', `Product ${id} not found`);
  return product;
}
