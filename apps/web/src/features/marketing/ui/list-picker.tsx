import { Checkbox } from '../../../ui/Checkbox';
import type { MailingList } from '../api/lists';

/**
 * Which mailing lists someone is on, as a group of checkboxes (a native multi-select is hard to use
 * on a phone). Double opt-in lists say so, since joining one mails a confirmation.
 */
export function ListPicker({
  lists,
  chosen,
  onChange,
  error,
  disabled = false,
}: {
  lists: readonly Pick<MailingList, 'id' | 'name' | 'optIn'>[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));
  return (
    <fieldset className="grid gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">Lists</legend>
      {lists.length === 0 ? (
        <p className="text-sm text-muted">This project has no mailing lists yet.</p>
      ) : (
        <div className="grid max-h-48 gap-2 overflow-y-auto rounded-lg border border-border p-3">
          {lists.map((list) => (
            <Checkbox
              key={list.id}
              label={
                <>
                  {list.name}
                  {list.optIn === 'double' && <span className="text-muted"> · double opt-in</span>}
                </>
              }
              checked={chosen.includes(list.id)}
              disabled={disabled}
              onChange={(event) => toggle(list.id, event.target.checked)}
            />
          ))}
        </div>
      )}
      {error && <p className="text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
