import { ApiError } from '@wharf/client';

/** SPEC.md sections 5 and 8: the words shown when a failure has nothing more useful to say. */
export const DEFAULT_FORM_ERROR = 'Something went wrong. Please try again later.';

export interface FormErrors {
  /** Messages by field name, shown beside the field. */
  fields: Record<string, string>;
  /** A message for the whole form, shown above the submit button. */
  message?: string;
}

export const noErrors: FormErrors = { fields: {} };

export function hasErrors(errors: FormErrors): boolean {
  return errors.message !== undefined || Object.keys(errors.fields).length > 0;
}

/** How a page reads an error code it knows: its own words, or the server's beside a field. */
export type CodeRule = string | { field: string; message?: string };

export interface FormErrorOptions {
  /** The fields the form shows; a server error about another field becomes the form's message. */
  fields?: readonly string[];
  /** Known codes: INVALID_CREDENTIALS, EMAIL_TAKEN, … */
  codes?: Readonly<Record<string, CodeRule>>;
}

/** `body.password` → `password`: the server names fields by where they were in the request. */
export function fieldName(path: string): string {
  return path.replace(/^body\./, '');
}

/**
 * Any failure of a form's call, as what the form shows. 400 and 422 are validation errors: their
 * `errors` go beside the fields, else the server's message is shown. Known codes read as the page
 * says. Anything else shows the default message.
 */
export function formErrorsFrom(error: unknown, options: FormErrorOptions = {}): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, message: DEFAULT_FORM_ERROR };

  const rule = options.codes?.[error.code];
  if (typeof rule === 'string') return { fields: {}, message: rule };
  if (rule) return { fields: { [rule.field]: rule.message ?? error.message } };

  if (error.status === 400 || error.status === 422) {
    const fields: Record<string, string> = {};
    const elsewhere: string[] = [];
    for (const { path, message } of error.errors ?? []) {
      const name = fieldName(path);
      if (options.fields && !options.fields.includes(name)) elsewhere.push(message);
      else fields[name] ??= message;
    }
    if (Object.keys(fields).length > 0) {
      return elsewhere.length > 0 ? { fields, message: elsewhere.join(' ') } : { fields };
    }
    return { fields: {}, message: elsewhere.length > 0 ? elsewhere.join(' ') : error.message };
  }
  if (error.status === 429) return { fields: {}, message: error.message };
  return { fields: {}, message: DEFAULT_FORM_ERROR };
}

/**
 * What a failed call says to the person. The server's message when it refused for a reason it
 * explains (a 4xx: not allowed, the last owner, already a member…), the default words otherwise.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
    return error.message;
  return formErrorsFrom(error).message ?? DEFAULT_FORM_ERROR;
}

/** Structurally a zod schema: forms validate with the contract's schemas without importing zod here. */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

/** Checks values in the browser with the same schema, and the same words, as the server. */
export function validate<T>(schema: Schema<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.');
    if (name === '') other.push(issue.message);
    else fields[name] ??= issue.message;
  }
  return { ok: false, errors: other.length > 0 ? { fields, message: other.join(' ') } : { fields } };
}
