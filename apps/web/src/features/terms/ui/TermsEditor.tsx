import { ApiError } from '@wharf/client';
import { SaveTermsRequest, TERMS_CONTENT_MAX, TERMS_TITLE_MAX, type Terms } from '@wharf/contract';
import type { FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { SettingsSection } from '../../accounts/ui/SettingsSection';
import { formErrorsFrom, validate } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { nudge } from '../../toasts/toasts';
import { useSaveTermsMutation } from '../api/save-terms';
import { TextAreaField } from '../../../ui/TextAreaField';

const FIELDS = ['title', 'version', 'content'] as const;

interface TermsValues extends Record<string, string> {
  title: string;
  version: string;
  content: string;
}

const blank: TermsValues = { title: '', version: '', content: '' };

/** SPEC.md section 7 "Platform" (saveTerms): the version exists already (409). */
export function versionTakenMessage(version: string): string {
  return `Version ${version} already exists. Saved versions never change, so give this one a new version.`;
}

/**
 * A new version of the platform's terms: title, version and HTML, checked with the contract's
 * SaveTermsRequest in the browser (the server's own words) before the server sanitises and keeps it.
 */
export function TermsEditor({ platformId, latest }: { platformId: string; latest: Terms | undefined }) {
  const save = useSaveTermsMutation(platformId);
  const { bindForm, ...form } = useForm<TermsValues>(blank);
  const { values } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const checked = validate(SaveTermsRequest, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      const saved = await save.mutateAsync(checked.data);
      nudge({ message: `Version ${saved.version} saved. Everyone is asked to accept it.`, level: 'success' });
      form.setValues(blank);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setErrors({ fields: { version: versionTakenMessage(checked.data.version) } });
        return;
      }
      form.setErrors(formErrorsFrom(error, { fields: FIELDS }));
    }
  }

  function startFromLatest() {
    if (!latest) return;
    form.setValues({ ...values, title: latest.title, content: latest.content });
  }

  return (
    <SettingsSection
      title="New version"
      description="Saving publishes it: everyone on the platform is asked to accept it the next time they use the console."
      aside={
        latest ? (
          <Button variant="secondary" size="small" onClick={startFromLatest}>
            Start from version {latest.version}
          </Button>
        ) : undefined
      }
    >
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField label="Title" autoComplete="off" maxLength={TERMS_TITLE_MAX} {...form.field('title')} />
          <TextField
            label="Version"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            placeholder="2026-11"
            hint={latest ? `The latest is ${latest.version}.` : 'Like 2026-11 or 1.2.'}
            {...form.field('version')}
          />
        </div>
        <TextAreaField
          label="Content"
          name="content"
          rows={14}
          spellCheck
          maxLength={TERMS_CONTENT_MAX}
          hint="HTML: headings, paragraphs, lists, links. Anything else is removed when it is saved."
          value={values.content}
          onChange={(event) => form.setValue('content', event.target.value)}
          error={form.errors.fields.content}
          className="min-h-48 font-mono text-sm!"
        />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <div>
          <SubmitButton pending={save.isPending} pendingLabel="Saving…" className="w-full xs:w-auto">
            Save version
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
