import { ApiError } from '@wharf/client';
import { errorMessage, fieldName, type FormErrors } from '../forms/form-errors';

/**
 * A refused save of a module's settings as its form shows it. The server checks `config` (and
 * `credentials`) with the module's schema and names each broken field by where it was in the
 * request (`body.config.apiUrl`): those of `section` go beside their fields with the server's
 * words, the others become the form's message; any other refusal is the form's message.
 */
export function sectionErrors(error: unknown, section: 'config' | 'credentials'): FormErrors {
  if (!error) return { fields: {} };
  if (error instanceof ApiError && (error.status === 400 || error.status === 422) && error.errors?.length) {
    const fields: Record<string, string> = {};
    const elsewhere: string[] = [];
    for (const { path, message } of error.errors) {
      const name = fieldName(path);
      if (name.startsWith(`${section}.`)) fields[name.slice(section.length + 1)] ??= message;
      else elsewhere.push(message);
    }
    return elsewhere.length > 0 ? { fields, message: elsewhere.join(' ') } : { fields };
  }
  return { fields: {}, message: errorMessage(error) };
}
