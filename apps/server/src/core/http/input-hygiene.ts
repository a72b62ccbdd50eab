import { multilineText, textProblem } from '@wharf/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableTime } from '../storable-time.js';

/*
 * Every string a request carries — body, query, path — passes one check after the contract's own
 * (docs/decisions/023): no NUL (PostgreSQL refuses it in text), no lone surrogate (it has no UTF-8
 * form), no other C0 control character or DEL, and no line break or tab except in the strings the
 * contract marks multi-line. Object keys (a record's) are one line too. A time (an ISO datetime or
 * date of the contract) must fall in the years 1 to 9999, which PostgreSQL and JavaScript both hold:
 * the contract's pattern lets "0000-01-01" and offsets across either end through. A refusal is the
 * usual 400 VALIDATION_ERROR naming the field, so no handler, query or column ever sees such input.
 */

type Segment = string | number;
/** A path of the schema down to a multi-line mark; `*` stands for any array index or record key. */
type Pattern = readonly string[];

interface ZodDef {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  catchall?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The places under a schema that its multi-line marks cover. */
export function multilinePatterns(schema: z.ZodType): Pattern[] {
  return schemaPlaces(schema).multiline;
}

/** The places of a schema's multi-line marks, and of its times. */
function schemaPlaces(schema: z.ZodType): { multiline: Pattern[]; times: Pattern[] } {
  const found: Pattern[] = [];
  const times: Pattern[] = [];
  const seen = new Set<z.ZodType>();
  const visit = (node: z.ZodType | null | undefined, path: string[]): void => {
    if (!node || path.length > 32) return;
    if (multilineText.has(node)) {
      found.push(path);
      return;
    }
    // A lazy or shared schema met again on the same path adds nothing.
    if (seen.has(node) && defOf(node).type === 'lazy') return;
    seen.add(node);
    const def = defOf(node);
    switch (def.type) {
      case 'string':
        if (def.format === 'datetime' || def.format === 'date') times.push(path);
        return;
      case 'object':
        for (const [key, child] of Object.entries(def.shape ?? {})) visit(child, [...path, key]);
        visit(def.catchall, [...path, '*']);
        return;
      case 'array':
        return visit(def.element, [...path, '*']);
      case 'record':
        return visit(def.valueType, [...path, '*']);
      case 'tuple':
        for (const item of def.items ?? []) visit(item, [...path, '*']);
        return visit(def.rest, [...path, '*']);
      case 'union':
        for (const option of def.options ?? []) visit(option, path);
        return;
      case 'intersection':
        visit(def.left, path);
        return visit(def.right, path);
      case 'pipe':
        visit(def.in, path);
        return visit(def.out, path);
      case 'lazy':
        return visit(def.getter?.(), path);
      default:
        // optional, nullable, default, prefault, nonoptional, readonly, catch...
        return visit(def.innerType, path);
    }
  };
  visit(schema, []);
  return { multiline: found, times };
}

const covers = (pattern: Pattern, path: readonly Segment[]) =>
  pattern.length <= path.length && pattern.every((part, i) => part === '*' || part === String(path[i]));

/** Why a time the contract's pattern let through is refused: outside the years 1 to 9999. */
export function timeProblem(value: string): string | undefined {
  return isStorableTime(Date.parse(value)) ? undefined : 'must be a time between the years 1 and 9999';
}

/** The refused strings of a value (its keys included), each with its path and reason. */
export function textProblems(
  value: unknown,
  patterns: readonly Pattern[],
  times: readonly Pattern[] = [],
): { path: Segment[]; message: string }[] {
  const problems: { path: Segment[]; message: string }[] = [];
  const walk = (node: unknown, path: Segment[], depth: number): void => {
    if (problems.length >= 10 || depth > 64) return;
    if (typeof node === 'string') {
      const isTime = times.some((p) => p.length === path.length && covers(p, path));
      const message =
        textProblem(
          node,
          patterns.some((p) => covers(p, path)),
        ) ?? (isTime ? timeProblem(node) : undefined);
      if (message) problems.push({ path, message });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i], depth + 1));
    } else if (typeof node === 'object' && node !== null && !(node instanceof Date)) {
      for (const [key, child] of Object.entries(node)) {
        const keyProblem = textProblem(key, false);
        // The key itself is not safe to repeat, so the path names the object that holds it.
        if (keyProblem) problems.push({ path, message: `has a key that ${keyProblem}` });
        else walk(child, [...path, key], depth + 1);
      }
    }
  };
  walk(value, [], 0);
  return problems;
}

type RouteSchema = Parameters<typeof validatorCompiler>[0];

/**
 * The validator of every route: the contract's zod schema, then the text check above. Fastify hands
 * a missing body to validation as null; for an operation whose body is optional (an install without
 * settings) that means "absent", which zod's `.optional()` accepts.
 */
export const hygienicValidatorCompiler: FastifySchemaCompiler<RouteSchema['schema']> = (route) => {
  const schema = route.schema as unknown;
  if (!(schema instanceof z.ZodType)) return validatorCompiler(route as RouteSchema);
  const { multiline, times } = schemaPlaces(schema);
  const checked = schema.superRefine((value, ctx) => {
    for (const problem of textProblems(value, multiline, times)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  });
  const validate = validatorCompiler({ ...(route as RouteSchema), schema: checked });
  return route.httpPart === 'body' ? (data: unknown) => validate(data === null ? undefined : data) : validate;
};
