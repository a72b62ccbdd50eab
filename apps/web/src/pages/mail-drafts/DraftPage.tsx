import type { DraftFormat, UpdateDraftRequest } from '@wharf/contract';
import { useParams } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf, useNavigateByName } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { errorMessage, formErrorsFrom, noErrors, type FormErrors } from '../../features/forms/form-errors';
import { useUnsavedChangesWarning } from '../../features/forms/use-unsaved-warning';
import { Loaded } from '../../features/lists/ui/Loaded';
import { useDraftQuery, type Draft } from '../../features/marketing/api/drafts';
import { useDuplicateDraft, useUpdateDraft } from '../../features/marketing/api/drafts-changes';
import { useDraftPreview } from '../../features/marketing/api/drafts-preview';
import { DraftBlocksEditor } from '../../features/marketing/ui/draft-blocks-editor';
import { DraftMergeTags } from '../../features/marketing/ui/draft-merge-tags';
import { DraftPreviewPane, type PreviewView } from '../../features/marketing/ui/draft-preview';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { RecordHeader } from '../../features/storefront/ui/RecordHeader';
import { nudge } from '../../features/toasts/toasts';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';

/** The draft's fields as the editor holds them. */
type DraftFields = Pick<Draft, 'name' | 'subject' | 'preheader' | 'format' | 'markdown' | 'blocks'>;
const FIELDS = ['name', 'subject', 'preheader', 'format', 'markdown', 'blocks'] as const;

const fieldsOf = (draft: Draft): DraftFields => ({
  name: draft.name,
  subject: draft.subject,
  preheader: draft.preheader,
  format: draft.format,
  markdown: draft.markdown,
  blocks: draft.blocks,
});

/** The fields that differ from the saved draft: what Save sends. */
function changesOf(saved: DraftFields, edited: DraftFields): UpdateDraftRequest {
  const changes: Record<string, unknown> = {};
  for (const key of FIELDS) if (JSON.stringify(saved[key]) !== JSON.stringify(edited[key])) changes[key] = edited[key];
  return changes as UpdateDraftRequest;
}

const FORMATS: [DraftFormat, string][] = [
  ['markdown', 'Markdown'],
  ['blocks', 'Blocks'],
];

/** `/marketing/drafts/$draftId` (route `marketing.drafts.view`): the draft's editor beside its live preview. */
export function DraftPage() {
  const { draftId = '' } = useParams({ strict: false }) as { draftId?: string };
  return (
    <ProjectPage title="Draft" permissions={['mail.read', 'mail.manage']}>
      {(project, access) => (
        <DraftLoader key={`${project.id}:${draftId}`} project={project} access={access} draftId={draftId} />
      )}
    </ProjectPage>
  );
}

function DraftLoader({ project, access, draftId }: { project: Project; access: Access; draftId: string }) {
  return (
    <Loaded query={useDraftQuery(project.id, draftId)} what="the draft">
      {(draft) => <DraftEditor project={project} canManage={access.can('mail.manage')} draft={draft} />}
    </Loaded>
  );
}

/** Field errors by path (`subject`, `blocks.2.url`) of a failed save or preview. */
const errorsOf = (error: unknown): FormErrors => (error ? formErrorsFrom(error) : noErrors);

function DraftEditor({ project, canManage, draft }: { project: Project; canManage: boolean; draft: Draft }) {
  const deniedId = useId();
  const navigate = useNavigateByName();
  const [edited, setEdited] = useState<DraftFields>(() => fieldsOf(draft));
  const [view, setView] = useState<PreviewView>('desktop');
  const save = useUpdateDraft(project.id, draft.id);
  const duplicate = useDuplicateDraft(project.id);
  const preview = useDraftPreview(project.id, {
    subject: edited.subject,
    preheader: edited.preheader,
    format: edited.format,
    markdown: edited.markdown,
    blocks: edited.blocks,
  });

  const changes = changesOf(fieldsOf(draft), edited);
  const dirty = Object.keys(changes).length > 0;
  useUnsavedChangesWarning(dirty);

  // A failed save says what to fix under each field; else the preview's template errors do.
  const saveErrors = errorsOf(save.error);
  const previewErrors = errorsOf(preview.query.error);
  const fieldError = (path: string) => saveErrors.fields[path] ?? previewErrors.fields[path];
  const set = <K extends keyof DraftFields>(key: K, value: DraftFields[K]) => {
    setEdited((current) => ({ ...current, [key]: value }));
    if (save.isError) save.reset();
  };

  const submit = () =>
    save.mutate(changes, {
      onSuccess: (saved) => {
        setEdited(fieldsOf(saved));
        nudge({ message: 'Draft saved.', level: 'success' });
      },
    });
  const copy = () =>
    duplicate.mutate(draft.id, {
      onSuccess: (made) => {
        nudge({ message: `${made.name} was made.`, level: 'success' });
        void navigate('marketing.drafts.view', { params: { draftId: made.id }, search: { project: project.id } });
      },
    });
  const readOnly = !canManage;
  const describedBy = readOnly ? deniedId : undefined;

  return (
    <div className="grid gap-5">
      <RecordHeader back={{ to: pathOf('marketing.drafts'), project: project.id, label: 'All drafts' }}>
        <p className="min-w-0 text-xl font-semibold break-words">{draft.name}</p>
        <span role="status" className="text-sm text-muted">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </RecordHeader>
      {readOnly && (
        <ReadOnlyNotice id={deniedId} denied={['mail.manage']}>
          You can read this draft and preview it, but not change it.
        </ReadOnlyNotice>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <form
          aria-label="Draft"
          className="grid min-w-0 content-start gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (dirty && canManage) submit();
          }}
        >
          <TextField
            label="Name"
            hint="Only you and your team see it."
            value={edited.name}
            maxLength={200}
            required
            readOnly={readOnly}
            aria-describedby={describedBy}
            error={fieldError('name')}
            onChange={(event) => set('name', event.target.value)}
          />
          <TextField
            label="Subject"
            value={edited.subject}
            maxLength={200}
            readOnly={readOnly}
            error={fieldError('subject')}
            onChange={(event) => set('subject', event.target.value)}
          />
          <TextField
            label="Preheader"
            hint="The line inboxes show after the subject."
            value={edited.preheader}
            maxLength={200}
            readOnly={readOnly}
            error={fieldError('preheader')}
            onChange={(event) => set('preheader', event.target.value)}
          />
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Write the body in</legend>
            <div className="flex flex-wrap gap-4">
              {FORMATS.map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="format"
                    value={value}
                    checked={edited.format === value}
                    disabled={readOnly}
                    onChange={() => set('format', value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {edited.format === 'markdown' ? (
            <TextAreaField
              label="Body (Markdown)"
              hint="**bold**, _italic_, [a link](https://…), # a heading, - a list. HTML is shown as text."
              rows={16}
              value={edited.markdown}
              maxLength={100_000}
              readOnly={readOnly}
              className="font-mono text-sm"
              error={fieldError('markdown')}
              onChange={(event) => set('markdown', event.target.value)}
            />
          ) : (
            <DraftBlocksEditor
              blocks={edited.blocks}
              onChange={(blocks) => set('blocks', blocks)}
              errors={{ ...previewErrors.fields, ...saveErrors.fields }}
              disabled={readOnly}
            />
          )}
          {saveErrors.message && <Alert tone="danger">{saveErrors.message}</Alert>}
          {duplicate.isError && <Alert tone="danger">{errorMessage(duplicate.error)}</Alert>}
          {canManage && (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={!dirty || save.isPending}>
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button
                variant="secondary"
                disabled={!dirty || save.isPending}
                onClick={() => setEdited(fieldsOf(draft))}
              >
                Discard changes
              </Button>
              <Button variant="secondary" className="ml-auto" disabled={duplicate.isPending} onClick={copy}>
                Duplicate
              </Button>
            </div>
          )}
          <DraftMergeTags />
        </form>

        <DraftPreviewPane
          preview={preview.shown}
          loading={preview.query.isFetching}
          view={view}
          onViewChange={setView}
        />
      </div>
    </div>
  );
}
