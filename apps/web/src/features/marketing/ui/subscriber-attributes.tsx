import type { Subscriber } from '../api/subscribers';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

type AttributeValue = Subscriber['attributes'][string];

/** One key/value row of the editor; `id` keeps React's rows apart while keys are typed. */
export interface AttributeRow {
  id: number;
  key: string;
  value: string;
}

export function attributeRows(attributes: Subscriber['attributes']): AttributeRow[] {
  return Object.entries(attributes).map(([key, value], id) => ({ id, key, value: String(value) }));
}

/**
 * The rows back as attributes. A value that was a number or a yes/no keeps its type while its
 * text still reads as one (merge tags and audiences compare them as such); everything else is text.
 * Rows without a key are left out.
 */
export function attributesOf(rows: readonly AttributeRow[], before: Subscriber['attributes']) {
  const attributes: Record<string, AttributeValue> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (key === '') continue;
    const was = before[key];
    const text = row.value;
    if (typeof was === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) attributes[key] = Number(text);
    else if (typeof was === 'boolean' && (text === 'true' || text === 'false')) attributes[key] = text === 'true';
    else attributes[key] = text;
  }
  return attributes;
}

/** Attributes as rows of name and value, added and removed freely. */
export function AttributesEditor({
  rows,
  onChange,
  error,
}: {
  rows: AttributeRow[];
  onChange: (rows: AttributeRow[]) => void;
  error?: string | undefined;
}) {
  const change = (id: number, field: 'key' | 'value', text: string) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, [field]: text } : row)));
  const nextId = rows.reduce((max, row) => Math.max(max, row.id), -1) + 1;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Attributes</legend>
      <p className="text-xs text-muted">
        Extra facts for merge tags and audiences, such as plan or city. Names use letters, digits and _.
      </p>
      {rows.map((row, index) => (
        <div key={row.id} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            label={`Name ${index + 1}`}
            autoComplete="off"
            spellCheck={false}
            value={row.key}
            onChange={(event) => change(row.id, 'key', event.target.value)}
          />
          <TextField
            label={`Value ${index + 1}`}
            autoComplete="off"
            value={row.value}
            onChange={(event) => change(row.id, 'value', event.target.value)}
          />
          <Button
            variant="ghost"
            size="small"
            // On a phone the two fields take the row and Remove sits under them.
            className="col-span-2 justify-self-end sm:col-span-1 sm:mb-2"
            aria-label={`Remove attribute ${row.key || index + 1}`}
            onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
          >
            Remove
          </Button>
        </div>
      ))}
      {error && <p className="text-sm text-danger">{error}</p>}
      <div>
        <Button
          variant="secondary"
          size="small"
          onClick={() => onChange([...rows, { id: nextId, key: '', value: '' }])}
        >
          Add attribute
        </Button>
      </div>
    </fieldset>
  );
}
