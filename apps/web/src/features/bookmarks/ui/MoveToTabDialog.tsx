import type { Bookmark, BookmarkTab } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/SelectField';
import { DEFAULT_TAB_NAME } from '../tabs';

const DEFAULT_VALUE = 'default';

/** Chooses another tab for a bookmark (it goes last there); null `bookmark` is closed. */
export function MoveToTabDialog({
  bookmark,
  tabs,
  onMove,
  onClose,
}: {
  bookmark: Bookmark | null;
  tabs: readonly BookmarkTab[];
  onMove: (bookmark: Bookmark, tabId: string | null) => void;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={bookmark !== null}
      title="Move to tab"
      description={bookmark ? `Where “${bookmark.title}” should go. It goes last in that tab.` : undefined}
      onClose={onClose}
    >
      {bookmark && <MoveForm bookmark={bookmark} tabs={tabs} onMove={onMove} onClose={onClose} />}
    </FormDialog>
  );
}

function MoveForm({
  bookmark,
  tabs,
  onMove,
  onClose,
}: {
  bookmark: Bookmark;
  tabs: readonly BookmarkTab[];
  onMove: (bookmark: Bookmark, tabId: string | null) => void;
  onClose: () => void;
}) {
  const choices = [{ id: null, name: DEFAULT_TAB_NAME }, ...tabs].filter((tab) => tab.id !== bookmark.tabId);
  const [choice, setChoice] = useState<string>(choices[0]?.id ?? DEFAULT_VALUE);

  function submit(event: FormEvent) {
    event.preventDefault();
    onMove(bookmark, choice === DEFAULT_VALUE ? null : choice);
    onClose();
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Move to tab">
      <SelectField label="Tab" value={choice} onChange={(event) => setChoice(event.target.value)}>
        {choices.map((tab) => (
          <option key={tab.id ?? DEFAULT_VALUE} value={tab.id ?? DEFAULT_VALUE}>
            {tab.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={choices.length === 0}>
          Move
        </Button>
      </div>
    </form>
  );
}
