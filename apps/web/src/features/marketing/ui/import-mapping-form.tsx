import type { ImportMapping, StartImportRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import type { SubscriberImport } from '../api/imports';
import type { MailingList } from '../api/lists';
import { ListPicker } from './list-picker';

type Attribute = ImportMapping['attributes'][number];

/** A header name as an attribute key (letters, digits and _, starting with a letter): "Plan type" → plan_type. */
export function attributeKeyOf(name: string): string {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z_]/.test(key) ? key.slice(0, 64) : `column_${key}`.slice(0, 64);
}

const columnName = (columns: readonly string[], index: number) => columns[index] || `Column ${index + 1}`;

/** A column chooser: the header's names, and "none" for optional fields. */
function ColumnSelect({
  label,
  columns,
  value,
  optional,
  onChange,
}: {
  label: string;
  columns: readonly string[];
  value: number | null;
  optional: boolean;
  onChange: (column: number | null) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      {optional && <option value="">Not in the file</option>}
      {columns.map((_, index) => (
        <option key={index} value={index}>
          {columnName(columns, index)}
        </option>
      ))}
    </SelectField>
  );
}

/** The header and first rows as read, so the person sees which column holds what. */
function SampleTable({ subscriberImport: i }: { subscriberImport: SubscriberImport }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The first lines of the file</caption>
        <thead className="bg-surface-raised text-xs text-muted">
          <tr>
            {i.columns.map((_, index) => (
              <th key={index} scope="col" className="px-3 py-2 whitespace-nowrap">
                {columnName(i.columns, index)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {i.sample.map((row, r) => (
            <tr key={r} className="border-t border-border">
              {i.columns.map((_, c) => (
                <td key={c} className="max-w-56 truncate px-3 py-2">
                  {row[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Step 2: which column holds the address (required), the name, the gender and any attributes, the
 * lists everyone joins, and whether people already there are updated. Starts the import.
 */
export function ImportMappingForm({
  subscriberImport,
  lists,
  busy,
  error,
  onStart,
  onCancel,
}: {
  subscriberImport: SubscriberImport;
  lists: readonly MailingList[];
  busy: boolean;
  error?: string | undefined;
  onStart: (body: StartImportRequest) => void;
  onCancel: () => void;
}) {
  const { columns } = subscriberImport;
  const [mapping, setMapping] = useState<ImportMapping>(subscriberImport.mapping);
  const [chosenLists, setChosenLists] = useState<string[]>(subscriberImport.lists);
  const change = (changes: Partial<ImportMapping>) => setMapping((current) => ({ ...current, ...changes }));
  const setAttribute = (index: number, changes: Partial<Attribute>) =>
    change({ attributes: mapping.attributes.map((a, i) => (i === index ? { ...a, ...changes } : a)) });
  const used = new Set([mapping.email, mapping.name, mapping.gender, ...mapping.attributes.map((a) => a.column)]);
  const nextFree = columns.findIndex((_, index) => !used.has(index));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStart({ mapping, lists: chosenLists });
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Map the columns">
      <section className="grid gap-2" aria-label="The first lines of the file">
        <h2 className="text-base font-semibold">{subscriberImport.fileName}</h2>
        <SampleTable subscriberImport={subscriberImport} />
      </section>

      <section className="grid gap-3 sm:grid-cols-3">
        <ColumnSelect
          label="Email"
          columns={columns}
          value={mapping.email}
          optional={false}
          onChange={(column) => change({ email: column ?? 0 })}
        />
        <ColumnSelect
          label="Name"
          columns={columns}
          value={mapping.name}
          optional
          onChange={(column) => change({ name: column })}
        />
        <ColumnSelect
          label="Gender"
          columns={columns}
          value={mapping.gender}
          optional
          onChange={(column) => change({ gender: column })}
        />
      </section>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Attributes</legend>
        <p className="text-sm text-muted">
          Other columns can be kept on each subscriber, for merge tags such as {'{{ subscriber.attributes.plan }}'}.
        </p>
        {mapping.attributes.map((attribute, index) => (
          <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <ColumnSelect
              label={`Attribute ${index + 1} column`}
              columns={columns}
              value={attribute.column}
              optional={false}
              onChange={(column) =>
                setAttribute(index, { column: column ?? 0, key: attributeKeyOf(columnName(columns, column ?? 0)) })
              }
            />
            <TextField
              label={`Attribute ${index + 1} name`}
              value={attribute.key}
              maxLength={64}
              onChange={(event) => setAttribute(index, { key: event.target.value })}
            />
            <Button
              variant="ghost"
              onClick={() => change({ attributes: mapping.attributes.filter((_, i) => i !== index) })}
            >
              Remove
            </Button>
          </div>
        ))}
        {nextFree !== -1 && (
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                change({
                  attributes: [
                    ...mapping.attributes,
                    { column: nextFree, key: attributeKeyOf(columnName(columns, nextFree)) },
                  ],
                })
              }
            >
              Add an attribute
            </Button>
          </div>
        )}
      </fieldset>

      <ListPicker lists={lists} chosen={chosenLists} onChange={setChosenLists} />

      <Checkbox
        label="Update existing subscribers (their name, gender and attributes)"
        checked={mapping.updateExisting}
        onChange={(event) => change({ updateExisting: event.target.checked })}
      />
      <p className="-mt-3 text-sm text-muted">
        Whatever you choose, nobody who unsubscribed or bounced is subscribed again, and addresses deleted before are
        skipped.
      </p>

      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Starting…' : 'Start the import'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
