import { BOOKMARK_TABS_MAX, UpdateBookmarkTabsRequest, type BookmarkTab } from '@wharf/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { Icon } from '../../../ui/Icon';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { noErrors, validate, type FormErrors } from '../../forms/form-errors';
import { nudge } from '../../toasts/toasts';
import { useSaveBookmarkTabs } from '../api/bookmark-tabs';
import { bookmarkErrorMessage } from '../no-project';
import { DEFAULT_TAB_NAME, moveEntry, newTabId, tabsRequest, type DraftTab } from '../tabs';

/**
 * Adds, renames, deletes and orders the tabs, all saved at once with one updateBookmarkTabs call
 * (new tabs go as null ids; a deleted tab's bookmarks go to the default tab).
 */
export function ManageTabsDialog({
  project,
  open,
  tabs,
  onClose,
}: {
  project: string | undefined;
  open: boolean;
  tabs: readonly BookmarkTab[];
  onClose: () => void;
}) {
  const save = useSaveBookmarkTabs(project);
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Manage tabs"
      description={`${DEFAULT_TAB_NAME} is the default tab. Bookmarks of a deleted tab go to it.`}
      onClose={close}
      busy={save.isPending}
    >
      <TabsForm tabs={tabs} save={save} onDone={close} />
    </FormDialog>
  );
}

function TabsForm({
  tabs,
  save,
  onDone,
}: {
  tabs: readonly BookmarkTab[];
  save: ReturnType<typeof useSaveBookmarkTabs>;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<DraftTab[]>(() => tabs.map(({ id, name }) => ({ id, name })));
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  // The field to focus once it is on screen: a new tab's, or the first one refused.
  const focusNext = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const deleted = tabs.filter((tab) => !draft.some((d) => d.id === tab.id));

  useEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    focusNext.current = null;
    list.current?.querySelector<HTMLInputElement>(`[data-tab-id="${id}"]`)?.focus();
  });

  const edit = (next: DraftTab[]) => {
    setDraft(next);
    setErrors(noErrors);
    save.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const checked = validate(UpdateBookmarkTabsRequest, tabsRequest(draft));
    if (!checked.ok) {
      setErrors(checked.errors);
      const firstInvalid = draft.find((_, index) => checked.errors.fields[`tabs.${index}.name`]);
      if (firstInvalid) focusNext.current = firstInvalid.id;
      return;
    }
    save.mutate(draft, {
      onSuccess: () => {
        nudge({ message: 'Tabs saved.', level: 'success' });
        onDone();
      },
    });
  }

  const full = draft.length >= BOOKMARK_TABS_MAX;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Manage tabs">
      {draft.length === 0 ? (
        <p className="text-sm text-muted">No tabs of your own yet.</p>
      ) : (
        <ol ref={list} aria-label="Your tabs" className="grid gap-3">
          {draft.map((tab, index) => (
            <li key={tab.id} className="flex items-start gap-1">
              <TextField
                className="min-w-0 flex-1"
                label={`Tab ${index + 1}`}
                value={tab.name}
                data-tab-id={tab.id}
                autoComplete="off"
                error={errors.fields[`tabs.${index}.name`]}
                onChange={(event) => edit(draft.map((d) => (d.id === tab.id ? { ...d, name: event.target.value } : d)))}
              />
              <div className="mt-7 flex shrink-0">
                <IconButton
                  label={`Move ${tab.name || `tab ${index + 1}`} up`}
                  icon="chevron-down"
                  flip
                  disabled={index === 0}
                  onClick={() => edit(moveEntry(draft, index, index - 1))}
                />
                <IconButton
                  label={`Move ${tab.name || `tab ${index + 1}`} down`}
                  icon="chevron-down"
                  disabled={index === draft.length - 1}
                  onClick={() => edit(moveEntry(draft, index, index + 1))}
                />
                <IconButton
                  label={`Delete ${tab.name || `tab ${index + 1}`}`}
                  icon="close"
                  onClick={() => edit(draft.filter((d) => d.id !== tab.id))}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button
          variant="secondary"
          disabled={full}
          onClick={() => {
            const id = newTabId();
            edit([...draft, { id, name: '' }]);
            focusNext.current = id;
          }}
        >
          <Icon name="plus" size={16} />
          Add tab
        </Button>
        {full && <p className="mt-1.5 text-xs text-muted">Keep at most {BOOKMARK_TABS_MAX} tabs.</p>}
      </div>
      {deleted.length > 0 && (
        <Alert tone="warning">
          {deleted.map((tab) => tab.name).join(', ')} will be deleted; {deleted.length === 1 ? 'its' : 'their'}{' '}
          bookmarks go to {DEFAULT_TAB_NAME}.
        </Alert>
      )}
      {(errors.message ?? errors.fields.tabs) && <Alert tone="danger">{errors.message ?? errors.fields.tabs}</Alert>}
      {save.isError && <Alert tone="danger">{bookmarkErrorMessage(save.error)}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save tabs
        </SubmitButton>
      </div>
    </form>
  );
}

function IconButton({
  label,
  icon,
  flip = false,
  disabled = false,
  onClick,
}: {
  label: string;
  icon: 'chevron-down' | 'close';
  flip?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="grid size-10 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text disabled:cursor-not-allowed disabled:opacity-40"
    >
      <Icon name={icon} size={18} className={flip ? 'rotate-180' : undefined} />
    </button>
  );
}
