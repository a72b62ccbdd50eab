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
 * applies, and checks the same bounds and patterns.
 */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
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
