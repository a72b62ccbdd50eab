import {
  SUBSCRIBER_ATTRIBUTE_VALUE_MAX,
  SUBSCRIBER_NAME_MAX,
  SubscriberEmail,
  type ImportMapping,
  type SubscriberGender,
} from '@wharf/contract';
import { AppError } from '../../../core/errors.js';

/** A header name as compared: lower case, without spaces, dashes, dots and underscores. */
const plain = (name: string) => name.toLowerCase().replace(/[\s_.-]/g, '');

const EMAIL_NAMES = new Set(['email', 'emailaddress', 'mail', 'emailadresse', 'courriel', 'correo', 'address']);
const NAME_NAMES = new Set(['name', 'fullname', 'displayname', 'subscriber', 'contact']);
const GENDER_NAMES = new Set(['gender', 'sex', 'geschlecht', 'genre']);

function columnNamed(columns: readonly string[], names: ReadonlySet<string>): number | null {
  const index = columns.findIndex((column) => names.has(plain(column)));
  return index === -1 ? null : index;
}

/**
 * A first mapping from the header's names: the address column by its name (else the first whose
 * sample holds an `@`, else the first), the name and the gender by theirs. The person checks it.
 */
export function suggestMapping(columns: readonly string[], sample: readonly string[][]): ImportMapping {
  const byContent = columns.findIndex((_, index) => sample.some((row) => row[index]?.includes('@')));
  const email = columnNamed(columns, EMAIL_NAMES) ?? (byContent === -1 ? 0 : byContent);
  return {
    email,
    name: columnNamed(columns, NAME_NAMES),
    gender: columnNamed(columns, GENDER_NAMES),
    attributes: [],
    updateExisting: false,
  };
}

/** Refuses a mapping naming a column the file does not have, or an attribute twice. */
export function checkMapping(mapping: ImportMapping, columnCount: number): void {
  const used = [mapping.email, mapping.name, mapping.gender, ...mapping.attributes.map((a) => a.column)];
  const missing = used.find((column) => column !== null && column >= columnCount);
  if (missing !== undefined && missing !== null) {
    throw new AppError(
      400,
      'COLUMN_MISSING',
      `The file has ${columnCount} ${columnCount === 1 ? 'column' : 'columns'}: there is no column ${missing + 1}.`,
    );
  }
  const keys = mapping.attributes.map((a) => a.key);
  const twice = keys.find((key, index) => keys.indexOf(key) !== index);
  if (twice) throw new AppError(400, 'ATTRIBUTE_TWICE', `The attribute ${twice} is mapped twice: keep one.`);
}

const GENDERS: Record<string, SubscriberGender> = {
  male: 'male',
  m: 'male',
  man: 'male',
  mr: 'male',
  female: 'female',
  f: 'female',
  woman: 'female',
  w: 'female',
  mrs: 'female',
  ms: 'female',
};

/** What a row holds for a subscriber, or why its address is refused. */
export type MappedRow =
  | {
      ok: true;
      email: string;
      name: string;
      gender: SubscriberGender | null;
      attributes: Record<string, string>;
    }
  | { ok: false; value: string; message: string };

/** PostgreSQL's text cannot hold NUL: a stray one in a file is dropped rather than failing its batch. */
const clean = (value: string | undefined) => (value ?? '').replaceAll('\0', '').trim();

/** One record as a subscriber, by the mapping; the address checked as subscribers' addresses are. */
export function mapRow(fields: readonly string[], mapping: ImportMapping): MappedRow {
  const raw = clean(fields[mapping.email]);
  const email = SubscriberEmail.safeParse(raw);
  if (!email.success) {
    const message = raw === '' ? 'This line has no email address.' : email.error.issues[0]!.message;
    return { ok: false, value: raw.slice(0, 200), message };
  }
  const attributes: Record<string, string> = {};
  for (const { column, key } of mapping.attributes) {
    const value = clean(fields[column]);
    if (value !== '') attributes[key] = value.slice(0, SUBSCRIBER_ATTRIBUTE_VALUE_MAX);
  }
  return {
    ok: true,
    email: email.data,
    name: mapping.name === null ? '' : clean(fields[mapping.name]).slice(0, SUBSCRIBER_NAME_MAX),
    gender: mapping.gender === null ? null : (GENDERS[plain(clean(fields[mapping.gender]))] ?? null),
    attributes,
  };
}
