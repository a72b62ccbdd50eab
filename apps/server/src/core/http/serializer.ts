import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type ZodRouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * A serialiser compiled once per route and status from the contract's schema (its JSON Schema, by
 * fast-json-stringify): it writes only the fields the contract names, in its order, several times
 * faster than checking every answer with zod and then stringifying it (a page of twenty invoices:
 * about 440 µs against 70 µs; docs/performance.md). Schemas JSON Schema cannot express (an empty
 * 204 answer) keep the zod serialiser.
 *
 * The compiled one does not refuse an answer that breaks the contract, so with `checkAgainstContract`
 * (every test run) each answer is also encoded by zod, which throws on a broken one, and the two
 * results must be equal: the suites prove the fast path writes exactly what the contract allows.
 */
export function contractSerializerCompiler(options: {
  checkAgainstContract: boolean;
}): FastifySerializerCompiler<ZodRouteSchema['schema']> {
  return (routeSchema) => {
    const checked = zodSerializerCompiler(routeSchema as ZodRouteSchema);
    // Compiled at the route's first answer, not at start: most routes of a process never answer.
    let compiled: Serialize | undefined;
    const fast = (data: unknown) => {
      compiled ??= compile(routeSchema.schema as ZodType) ?? checked;
      return compiled(data);
    };
    const serialize: Serialize = options.checkAgainstContract
      ? (data) => {
          const expected = checked(data);
          const json = fast(data);
          if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(expected))) {
            throw new Error(
              `The compiled serialiser of ${routeSchema.method} ${routeSchema.url} wrote ${json}, not ${expected}`,
            );
          }
          return json;
        }
      : fast;
    return memoizeFrozen(serialize);
  };
}

function compile(schema: ZodType): Serialize | undefined {
  let jsonSchema;
  try {
    jsonSchema = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
}

/**
 * A frozen object cannot change, so its JSON is kept (weakly) and reused: cached values such as the
 * platform are serialised once instead of on every request.
 */
function memoizeFrozen(serialize: Serialize): Serialize {
  const done = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = done.get(data);
    if (json === undefined) {
      json = serialize(data);
      done.set(data, json);
    }
    return json;
  };
}

/** Freeze a value and everything in it, so it is safe to share and to serialise once. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
