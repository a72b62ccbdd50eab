import { CompanyDetails, type BillingProject } from '@wharf/contract';
import { useId, useState, type FormEvent } from 'react';
import { SettingsSection } from '../../accounts/ui/SettingsSection';
import { useAccess } from '../../access/api/enforce';
import { deniedReason } from '../../access/ui/Denied';
import { formErrorsFrom, validate, type FormErrors } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { useBillingProject, useUpdateBillingProject } from '../api';
import { Alert } from '../../../ui/Alert';
import { Checkbox } from '../../../ui/Checkbox';
import { Loading } from '../../../ui/Loading';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { BillingError } from './BillingError';

/** The form's fields, named by their path in CompanyDetails so that both checks' errors land on them. */
const FIELDS = [
  'legalName',
  'address.line1',
  'address.line2',
  'address.city',
  'address.postalCode',
  'address.region',
  'address.country',
  'taxId',
  'billingEmail',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function valuesOf(company: BillingProject['company']): Values {
  return {
    legalName: company?.legalName ?? '',
    'address.line1': company?.address.line1 ?? '',
    'address.line2': company?.address.line2 ?? '',
    'address.city': company?.address.city ?? '',
    'address.postalCode': company?.address.postalCode ?? '',
    'address.region': company?.address.region ?? '',
    'address.country': company?.address.country ?? '',
    taxId: company?.taxId ?? '',
    billingEmail: company?.billingEmail ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The values as a CompanyDetails body: optional fields left empty are null, the country in capitals. */
function companyOf(values: Values) {
  return {
    legalName: values.legalName,
    address: {
      line1: values['address.line1'],
      line2: orNull(values['address.line2']),
      city: values['address.city'],
      postalCode: values['address.postalCode'],
      region: orNull(values['address.region']),
      country: values['address.country'].trim().toUpperCase(),
    },
    taxId: orNull(values.taxId),
    billingEmail: values.billingEmail.trim(),
  };
}

/**
 * The server names fields by where they were in the body (`company.address.city`); the form names
 * them from CompanyDetails (`address.city`). Errors about other fields become the form's message.
 */
export function companyErrorsFrom(error: unknown): FormErrors {
  const raw = formErrorsFrom(error);
  const fields: Record<string, string> = {};
  const other: string[] = raw.message ? [raw.message] : [];
  for (const [path, message] of Object.entries(raw.fields)) {
    const name = path.replace(/^company\./, '');
    if ((FIELDS as readonly string[]).includes(name)) fields[name] ??= message;
    else other.push(message);
  }
  return other.length > 0 ? { fields, message: other.join(' ') } : { fields };
}

/**
 * Project settings' Company details: who is billed (printed on invoices) and whether invoices are
 * paid automatically. Until these are set, billing writes answer COMPANY_NOT_FOUND ('Company setup
 * required.'), whose Fix action leads here.
 */
export function CompanyDetailsSection({ project }: { project: string }) {
  const access = useAccess(project, ['billing.read', 'billing.manage']);
  const readable = access.can('billing.read');
  const billing = useBillingProject(project, readable);

  let body;
  if (access.isPending) body = <Loading label="Checking your access…" inCard />;
  else if (!readable) body = <p className="text-sm text-muted">{deniedReason(['billing.read'])}</p>;
  else if (billing.isPending) body = <Loading label="Loading company details…" inCard />;
  else if (!billing.data) body = <BillingError error={billing.error} project={project} />;
  else
    body = (
      <CompanyForm
        key={billing.data.projectId}
        project={project}
        account={billing.data}
        canManage={access.can('billing.manage')}
      />
    );

  return (
    <SettingsSection title="Company details" description="Who is billed: printed on every invoice.">
      {body}
    </SettingsSection>
  );
}

function CompanyForm({
  project,
  account,
  canManage,
}: {
  project: string;
  account: BillingProject;
  canManage: boolean;
}) {
  const update = useUpdateBillingProject(project);
  const { bindForm, ...form } = useForm<Values>(valuesOf(account.company));
  const [autoPay, setAutoPay] = useState(account.autoPay);
  const [saved, setSaved] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const reasonId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !canManage) return;
    setSaved(false);
    setRefusal(null);
    const checked = validate(CompanyDetails, companyOf(form.values));
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      await update.mutateAsync({ company: checked.data, autoPay });
      setSaved(true);
    } catch (error) {
      const errors = companyErrorsFrom(error);
      if (Object.keys(errors.fields).length > 0) form.setErrors(errors);
      else setRefusal(error);
    }
  }

  const text = (name: Field) => form.field(name);
  return (
    <form
      ref={bindForm}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="grid gap-5"
      aria-label="Company details"
    >
      {!account.company && (
        <Alert tone="warning">Company setup required. Billing starts once these details are saved.</Alert>
      )}
      {!canManage && (
        <p id={reasonId} className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
          {deniedReason(['billing.manage'])}
        </p>
      )}
      <fieldset
        disabled={!canManage}
        aria-describedby={canManage ? undefined : reasonId}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField
          label="Legal name"
          autoComplete="organization"
          maxLength={200}
          className="sm:col-span-2"
          {...text('legalName')}
        />
        <TextField
          label="Address line 1"
          autoComplete="address-line1"
          maxLength={200}
          className="sm:col-span-2"
          {...text('address.line1')}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          maxLength={200}
          className="sm:col-span-2"
          {...text('address.line2')}
        />
        <TextField label="City" autoComplete="address-level2" maxLength={100} {...text('address.city')} />
        <TextField label="Postal code" autoComplete="postal-code" maxLength={20} {...text('address.postalCode')} />
        <TextField
          label="Region (optional)"
          autoComplete="address-level1"
          maxLength={100}
          {...text('address.region')}
        />
        <TextField
          label="Country"
          hint="Two-letter ISO code, such as NL."
          autoComplete="country"
          maxLength={2}
          spellCheck={false}
          inputClassName="uppercase"
          {...text('address.country')}
        />
        <TextField label="Tax ID (optional)" maxLength={50} {...text('taxId')} />
        <TextField label="Billing email" type="email" autoComplete="email" maxLength={254} {...text('billingEmail')} />
        <Checkbox
          className="sm:col-span-2"
          label="Pay invoices automatically with the default card"
          checked={autoPay}
          onChange={(e) => setAutoPay(e.target.checked)}
        />
        {form.errors.message && (
          <Alert tone="danger" className="sm:col-span-2">
            {form.errors.message}
          </Alert>
        )}
        {refusal !== null && <BillingError error={refusal} project={project} className="sm:col-span-2" />}
        {saved && (
          <Alert tone="success" className="sm:col-span-2">
            Company details saved.
          </Alert>
        )}
        <div className="sm:col-span-2">
          <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="w-full xs:w-auto">
            Save company details
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
