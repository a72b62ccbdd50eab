import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type ZodRouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * The zod serializer checks every answer against the contract. A frozen object cannot change, so
 * its checked JSON is kept (weakly, per route) and reused: cached values such as the platform are
 * validated once instead of on every request.
 */
export const memoizingSerializerCompiler: FastifySerializerCompiler<ZodRouteSchema['schema']> = (routeSchema) => {
  const serialize = zodSerializerCompiler(routeSchema as ZodRouteSchema);
  const done = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = done.get(data);
    if (json === undefined) {
      json = serialize(data);
      done.set(data, json);
    }
    return json;
  };
};

/** Freeze a value and everything in it, so it is safe to share and to serialise once. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
