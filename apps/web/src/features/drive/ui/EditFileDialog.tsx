import { DRIVE_ALT_TEXT_MAX, UpdateMetadataRequest, type DriveFile } from '@wharf/contract';
import type { FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { CopyButton } from '../../../ui/CopyButton';
import { FormDialog } from '../../../ui/FormDialog';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { formErrorsFrom, validate, type FormErrors } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { nudge } from '../../toasts/toasts';
import { useUpdateFile } from '../api/update-file';
import { fileKind } from '../file-kinds';
import { formatBytes } from '../format';
import { publicFileUrl } from '../public-link';
import { formatTags, parseTags } from '../tags';
import { Image } from './Image';

const FIELDS = ['name', 'folder', 'tags', 'altText', 'public'] as const;

/** `tags.2` → `tags`: one message beside the one field that holds them all. */
function byField(errors: FormErrors): FormErrors {
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors.fields)) fields[name.split('.')[0]!] ??= message;
  return { ...errors, fields };
}

/** Name, folder, tags, alt text and whether it is public, of one file; null `file` is closed. */
export function EditFileDialog({
  project,
  file,
  onClose,
}: {
  project: string;
  file: DriveFile | null;
  onClose: () => void;
}) {
  const update = useUpdateFile(project);
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <FormDialog
      open={file !== null}
      title="File details"
      description={file ? `${file.name}, ${formatBytes(file.size)}` : undefined}
      onClose={close}
      busy={update.isPending}
    >
      {file && <EditFileForm key={file.id} file={file} update={update} onDone={close} />}
    </FormDialog>
  );
}

function EditFileForm({
  file,
  update,
  onDone,
}: {
  file: DriveFile;
  update: ReturnType<typeof useUpdateFile>;
  onDone: () => void;
}) {
  const { bindForm, ...form } = useForm({
    name: file.name,
    folder: file.folder,
    tags: formatTags(file.tags),
    altText: file.altText,
    public: file.public,
  });
  const { values } = form;
  const image = fileKind(file.type) === 'image';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const tags = parseTags(values.tags);
    // Only what changed is sent (the audit log names the fields).
    const changes: Record<string, unknown> = {};
    if (values.name !== file.name) changes.name = values.name;
    if (values.folder !== file.folder) changes.folder = values.folder;
    if (formatTags(tags) !== formatTags(file.tags)) changes.tags = tags;
    if (values.altText !== file.altText) changes.altText = values.altText;
    if (values.public !== file.public) changes.public = values.public;
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    // The contract's schema, so the words are the server's ('A tag is one word, …').
    const checked = validate(UpdateMetadataRequest, changes);
    if (!checked.ok) {
      form.setErrors(byField(checked.errors));
      return;
    }
    form.clearErrors();
    update.mutate(
      { file: file.id, changes: checked.data },
      {
        onSuccess: () => {
          nudge({ message: 'File details saved.', level: 'success' });
          onDone();
        },
        onError: (error) => form.setErrors(byField(formErrorsFrom(error, { fields: [...FIELDS] }))),
      },
    );
  }

  return (
    <form ref={bindForm} noValidate onSubmit={submit} className="grid gap-4" aria-label="File details">
      {image && (
        <Image
          file={file}
          sizes="(min-width: 640px) 26rem, calc(100vw - 4.5rem)"
          alt=""
          fit="contain"
          className="h-28 rounded-lg bg-surface-raised sm:h-36"
        />
      )}
      <TextField label="Name" autoComplete="off" spellCheck={false} {...form.field('name')} />
      <TextField
        label="Folder"
        autoComplete="off"
        spellCheck={false}
        placeholder="products/summer"
        hint="Optional. Names separated by /, to group files."
        {...form.field('folder')}
      />
      <TextField
        label="Tags"
        autoComplete="off"
        spellCheck={false}
        placeholder="summer, sale"
        hint="Words to find the file by, separated by commas or spaces."
        {...form.field('tags')}
      />
      <TextAreaField
        label="Alt text"
        name="altText"
        rows={2}
        hint={
          image
            ? `What the image shows, for people who cannot see it. Up to ${DRIVE_ALT_TEXT_MAX} characters.`
            : `Optional, up to ${DRIVE_ALT_TEXT_MAX} characters.`
        }
        value={values.altText}
        error={form.errors.fields.altText}
        onChange={(event) => form.setValue('altText', event.target.value)}
      />
      <Checkbox
        label="Public: anyone with the link can open this file, without signing in"
        checked={values.public}
        error={form.errors.fields.public}
        onChange={(event) => form.setValue('public', event.target.checked)}
      />
      {file.public && values.public && (
        <TextField
          label="Public link"
          readOnly
          value={publicFileUrl(file)}
          onFocus={(event) => event.target.select()}
          trailing={<CopyButton text={publicFileUrl(file)} label="Copy" aria-label="Copy public link" />}
        />
      )}
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
