import { clampNumber } from '../../ui/NumberInput';
/**
 * A module's settings arrive as JSON Schema (`Integration.configSchema`, made by the server from
 * the zod schema it validates with; decision 017). This turns the object schema into the fields a
 * form shows, and checks values in the browser by the same rules before the server does.
 *
 * Supported: an object's properties of type string (with format uri or email, minLength,
 * maxLength, pattern), number and integer (minimum, maximum and their exclusive forms), boolean,
 * and enum (any type whose values are strings or numbers); `default`, `required`, `title` and
 * `description`. JSON Schema carries no messages of its own; a schema may bring them in
 * `errorMessage` (ajv-errors' keyword: one string, or one per keyword), otherwise clear words are used.
 */

export type FieldKind = 'text' | 'email' | 'url' | 'number' | 'integer' | 'boolean' | 'enum';

export interface FieldSpec {
  name: string;
  label: string;
  hint?: string;
  kind: FieldKind;
  required: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  options?: { value: string | number; label: string }[];
  /** The schema's own words per keyword (`required`, `minimum`, `format`…), or `*` for all. */
  messages: Record<string, string>;
  /** Write-only (a credential): shown as a password field, never prefilled. */
  secret?: boolean;
}

/** What a form holds: text as typed (numbers too), booleans as booleans. */
export type FormValues = Record<string, string | boolean>;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `apiUrl` → "Api url", `shop_name` → "Shop name": a label when the schema has no title. */
export function labelOf(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The property's type, looking through `anyOf`/`nullable` forms zod writes for optional values. */
function typeOf(property: JsonObject): string | undefined {
  const type = property.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

function kindOf(property: JsonObject): FieldKind | undefined {
  if (Array.isArray(property.enum)) return 'enum';
  switch (typeOf(property)) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'string':
      if (property.format === 'email') return 'email';
      if (property.format === 'uri' || property.format === 'url') return 'url';
      return 'text';
    default:
      return undefined;
  }
}

function messagesOf(property: JsonObject): Record<string, string> {
  const given = property.errorMessage;
  if (typeof given === 'string') return { '*': given };
  if (!isObject(given)) return {};
  return Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * The fields of an object schema, in its properties' order. A property of a type the form cannot
 * show (an array, a nested object) is left out: its value stays as it was.
 */
export function fieldsOf(schema: unknown): FieldSpec[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
  const fields: FieldSpec[] = [];
  for (const [name, raw] of Object.entries(schema.properties)) {
    // zod writes an optional-with-null property as { anyOf: [{…}, { type: 'null' }] }.
    const property = isObject(raw) && Array.isArray(raw.anyOf) ? { ...raw, ...raw.anyOf.find(isObject) } : raw;
    if (!isObject(property)) continue;
    const kind = kindOf(property);
    if (!kind) continue;
    const field: FieldSpec = {
      name,
      label: str(property.title) ?? labelOf(name),
      kind,
      required: required.has(name),
      messages: messagesOf(property),
    };
    const hint = str(property.description);
    if (hint !== undefined) field.hint = hint;
    if ('default' in property) field.default = property.default;
    const numbers = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength'] as const;
    for (const key of numbers) {
      const value = num(property[key]);
      if (value !== undefined) field[key] = value;
    }
    const pattern = str(property.pattern);
    if (pattern !== undefined) field.pattern = pattern;
    if (kind === 'enum') {
      field.options = (property.enum as unknown[])
        .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
        .map((value) => ({ value, label: String(value) }));
    }
    fields.push(field);
  }
  return fields;
}

/** The form's starting values: the saved config, else the schema's defaults, else empty. */
export function initialValues(fields: readonly FieldSpec[], config: Record<string, unknown> = {}): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = field.name in config ? config[field.name] : field.default;
    if (field.kind === 'boolean') values[field.name] = value === true;
    else values[field.name] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

/**
 * The values with every number field clamped to its minimum and maximum (SPEC.md section 5): what
 * a form sends when a number was typed and submitted before the field clamped it on leaving.
 * Text that is not a number is left for the check to name.
 */
export function clampNumbers(fields: readonly FieldSpec[], values: FormValues): FormValues {
  const clamped: FormValues = { ...values };
  for (const field of fields) {
    if (field.kind !== 'number' && field.kind !== 'integer') continue;
    const text = values[field.name];
    if (typeof text !== 'string' || text.trim() === '') continue;
    const value = Number(text.replace(',', '.'));
    if (Number.isFinite(value)) clamped[field.name] = String(clampNumber(value, field.minimum, field.maximum));
  }
  return clamped;
}

/** The words for a broken rule: the schema's own when it has them, clear ones otherwise. */
function say(field: FieldSpec, keyword: string, fallback: string): string {
  return field.messages[keyword] ?? field.messages['*'] ?? fallback;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks one non-empty text value; the value to send, or the error. */
function checkText(field: FieldSpec, text: string): { value: unknown } | { error: string } {
  const { label } = field;
  if (field.kind === 'number' || field.kind === 'integer') {
    const value = Number(text.replace(',', '.'));
    if (!Number.isFinite(value)) return { error: say(field, 'type', `${label} must be a number.`) };
    if (field.kind === 'integer' && !Number.isInteger(value))
      return { error: say(field, 'type', `${label} must be a whole number.`) };
    if (field.minimum !== undefined && value < field.minimum)
      return { error: say(field, 'minimum', `${label} must be at least ${field.minimum}.`) };
    if (field.exclusiveMinimum !== undefined && value <= field.exclusiveMinimum)
      return { error: say(field, 'exclusiveMinimum', `${label} must be more than ${field.exclusiveMinimum}.`) };
    if (field.maximum !== undefined && value > field.maximum)
      return { error: say(field, 'maximum', `${label} must be at most ${field.maximum}.`) };
    if (field.exclusiveMaximum !== undefined && value >= field.exclusiveMaximum)
      return { error: say(field, 'exclusiveMaximum', `${label} must be less than ${field.exclusiveMaximum}.`) };
    return { value };
  }
  if (field.kind === 'enum') {
    const option = field.options?.find((o) => String(o.value) === text);
    return option ? { value: option.value } : { error: say(field, 'enum', `Choose one of the options for ${label}.`) };
  }
  if (field.kind === 'email' && !EMAIL.test(text))
    return { error: say(field, 'format', 'Enter an email address such as name@example.com.') };
  if (field.kind === 'url' && !isUrl(text))
    return { error: say(field, 'format', 'Enter a web address starting with https://.') };
  if (field.minLength !== undefined && text.length < field.minLength)
    return { error: say(field, 'minLength', `${label} must be at least ${field.minLength} characters.`) };
  if (field.maxLength !== undefined && text.length > field.maxLength)
    return { error: say(field, 'maxLength', `${label} must be at most ${field.maxLength} characters.`) };
  if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(text))
    return { error: say(field, 'pattern', `${label} is not in the expected form.`) };
  return { value: text };
}

export type Checked = { ok: true; data: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

export interface CheckOptions {
  /** Fields that may stay empty whatever `required` says (stored credentials are kept when left blank). */
  optional?: ReadonlySet<string>;
}

/**
 * The values as the schema wants them (numbers as numbers, empty optional fields left out), or
 * each broken field's message.
 */
export function checkValues(fields: readonly FieldSpec[], values: FormValues, options: CheckOptions = {}): Checked {
  const data: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (field.kind === 'boolean') {
      data[field.name] = raw === true;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') {
      if (field.required && !options.optional?.has(field.name))
        errors[field.name] = say(field, 'required', `${field.label} is required.`);
      continue;
    }
    const checked = checkText(field, text);
    if ('error' in checked) errors[field.name] = checked.error;
    else data[field.name] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data };
}
