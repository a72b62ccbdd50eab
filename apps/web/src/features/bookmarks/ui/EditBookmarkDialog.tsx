import {
  BOOKMARK_DESCRIPTION_MAX,
  BookmarkColor,
  BookmarkIcon,
  UpdateBookmarkRequest,
  type Bookmark,
} from '@wharf/contract';
import type { FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/SelectField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { formErrorsFrom, validate } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { nudge } from '../../toasts/toasts';
import { useUpdateBookmark } from '../api/bookmark-changes';
import { BOOKMARK_COLORS, BOOKMARK_ICONS } from '../appearance';
import { NoProjectError } from '../no-project';
import { BookmarkTile } from './BookmarkTile';
import { TextAreaField } from '../../../ui/TextAreaField';

const FIELDS = ['title', 'description', 'color', 'icon'] as const;

/** Title, description, colour and icon of one bookmark; null `bookmark` is closed. */
export function EditBookmarkDialog({
  project,
  bookmark,
  onClose,
}: {
  project: string | undefined;
  bookmark: Bookmark | null;
  onClose: () => void;
}) {
  const update = useUpdateBookmark(project);
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <FormDialog open={bookmark !== null} title="Edit bookmark" onClose={close} busy={update.isPending}>
      {bookmark && <EditBookmarkForm key={bookmark.id} bookmark={bookmark} update={update} onDone={close} />}
    </FormDialog>
  );
}

function EditBookmarkForm({
  bookmark,
  update,
  onDone,
}: {
  bookmark: Bookmark;
  update: ReturnType<typeof useUpdateBookmark>;
  onDone: () => void;
}) {
  const { bindForm, ...form } = useForm({
    title: bookmark.title,
    description: bookmark.description ?? '',
    color: bookmark.color ?? '',
    icon: bookmark.icon ?? '',
  });
  const { values } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    // The contract's schema, so the words are the server's: 'Enter a title.', 'Use at most 120 characters.'
    const checked = validate(UpdateBookmarkRequest, {
      title: values.title,
      description: values.description.trim() === '' ? null : values.description,
      color: values.color === '' ? null : values.color,
      icon: values.icon === '' ? null : values.icon,
    });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.clearErrors();
    update.mutate(
      { id: bookmark.id, changes: checked.data },
      {
        onSuccess: () => {
          nudge({ message: 'Bookmark saved.', level: 'success' });
          onDone();
        },
        onError: (error) =>
          form.setErrors(
            error instanceof NoProjectError
              ? { fields: {}, message: error.message }
              : formErrorsFrom(error, { fields: [...FIELDS] }),
          ),
      },
    );
  }

  return (
    <form ref={bindForm} noValidate onSubmit={submit} className="grid gap-4" aria-label="Edit bookmark">
      <TextField label="Title" autoComplete="off" {...form.field('title')} />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        hint={`Optional, up to ${BOOKMARK_DESCRIPTION_MAX} characters.`}
        value={values.description}
        error={form.errors.fields.description}
        onChange={(event) => form.setValue('description', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Colour"
          name="color"
          value={values.color}
          error={form.errors.fields.color}
          onChange={(event) => form.setValue('color', event.target.value)}
        >
          <option value="">None</option>
          {BookmarkColor.options.map((color) => (
            <option key={color} value={color}>
              {BOOKMARK_COLORS[color].label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Icon"
          name="icon"
          value={values.icon}
          error={form.errors.fields.icon}
          onChange={(event) => form.setValue('icon', event.target.value)}
        >
          <option value="">Default</option>
          {BookmarkIcon.options.map((icon) => (
            <option key={icon} value={icon}>
              {BOOKMARK_ICONS[icon].label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex items-center gap-3 rounded-lg bg-surface-raised px-3 py-2" aria-hidden="true">
        <BookmarkTile
          color={BookmarkColor.safeParse(values.color).data ?? null}
          icon={BookmarkIcon.safeParse(values.icon).data ?? null}
        />
        <span className="min-w-0 truncate text-sm font-medium">{values.title || bookmark.title}</span>
      </div>
      {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={update.isPending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
