import {
  CreateIntegrationListingRequest,
  type Integration,
  type IntegrationListing,
  type UpdateIntegrationListingRequest,
} from '@wharf/contract';
import { ApiError } from '@wharf/client';
import { useMemo, useState, type FormEvent } from 'react';
import { AdminsOnly } from '../../features/accounts/ui/AdminsOnly';
import { SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { Table, type Column } from '../../features/billing/ui/Table';
import { errorMessage, formErrorsFrom, validate, type FormErrors } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import {
  useAdminListings,
  useCatalogue,
  useCreateListing,
  useDeleteListing,
  useUpdateListing,
} from '../../features/integrations/api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormDialog } from '../../ui/FormDialog';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { NumberInput } from '../../ui/NumberInput';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { TextAreaField } from '../../ui/TextAreaField';

const TITLE = 'Store listings';
const ADMINS_ONLY = "Only platform administrators can decide what the platform's module store offers.";

/**
 * `/admin/integrations` (route `platform.integrations.listings`): what the platform's module store
 * offers, for platform administrators. A listing can be hidden, ordered, and given its own name and
 * description; taking one out leaves the projects that installed it as they are.
 */
export function AdminListingsPage() {
  const user = useUser();
  const admin = Boolean(user?.isAdmin);
  const listings = useAdminListings(admin);
  if (!user) return null;
  const refused = listings.error instanceof ApiError && listings.error.status === 403;
  if (!admin || refused) return <AdminsOnly title={TITLE}>{ADMINS_ONLY}</AdminsOnly>;
  return (
    <>
      <SettingsHeader
        title={TITLE}
        description="What the platform's module store offers projects, in the order shown."
      />
      {listings.isPending ? (
        <Loading label="Loading listings…" inCard />
      ) : listings.isError ? (
        <LoadError
          title="The listings could not be loaded"
          message={errorMessage(listings.error)}
          onRetry={() => void listings.refetch()}
          retrying={listings.isFetching}
        />
      ) : (
        <Listings listings={listings.data} />
      )}
    </>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; listing: IntegrationListing } | null;

function Listings({ listings }: { listings: IntegrationListing[] }) {
  const catalogue = useCatalogue();
  const update = useUpdateListing();
  const remove = useDeleteListing();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deleting = useConfirmedMutation<IntegrationListing, string>(
    remove,
    (listing) => listing.id,
    (listing) => setNotice(`${listing.integration.name} taken out of the store.`),
  );
  const sorted = useMemo(() => [...listings].sort((a, b) => a.sortOrder - b.sortOrder), [listings]);
  const listed = new Set(listings.map((l) => l.code as string));
  const unlisted = (catalogue.data ?? []).filter((i) => !listed.has(i.code));

  const columns: Column<IntegrationListing>[] = [
    {
      header: 'Module',
      cell: (l) => (
        <div>
          <p className="font-medium">{l.integration.name}</p>
          <p className="text-xs text-muted">{l.code}</p>
        </div>
      ),
    },
    {
      header: 'Visible',
      cell: (l) => (
        <Checkbox
          label={<span className="sr-only">Show {l.integration.name} in the store</span>}
          checked={l.visible}
          disabled={update.isPending}
          onChange={(event) => {
            setNotice(null);
            update.mutate({ listing: l.id, request: { visible: event.target.checked } });
          }}
        />
      ),
    },
    { header: 'Order', numeric: true, cell: (l) => l.sortOrder },
    {
      header: <span className="sr-only">Actions</span>,
      // The cell holds the sr-only header in place: positioned elsewhere, it would widen the page on phones.
      className: 'relative text-right',
      cell: (l) => (
        <div className="flex justify-end gap-2">
          <Button
            size="small"
            variant="secondary"
            aria-label={`Edit ${l.integration.name}`}
            onClick={() => {
              setNotice(null);
              setEditing({ kind: 'edit', listing: l });
            }}
          >
            Edit
          </Button>
          <Button
            size="small"
            variant="ghost"
            aria-label={`Delete ${l.integration.name}`}
            onClick={() => {
              setNotice(null);
              deleting.ask(l);
            }}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <SettingsSection
      title="Listings"
      description="Hidden listings stay here but projects don't see them."
      aside={
        <Button
          disabled={catalogue.isPending || unlisted.length === 0}
          onClick={() => {
            setNotice(null);
            setEditing({ kind: 'add' });
          }}
        >
          Add a listing
        </Button>
      }
    >
      <div className="grid gap-4">
        {notice && <Alert tone="success">{notice}</Alert>}
        {update.isError && <Alert tone="danger">{errorMessage(update.error)}</Alert>}
        {sorted.length === 0 ? (
          <EmptyState title="The store is empty">Add a listing to offer a module to every project.</EmptyState>
        ) : (
          <Table caption="Store listings" columns={columns} rows={sorted} keyOf={(l) => l.id} busy={update.isPending} />
        )}
      </div>
      <FormDialog
        open={editing !== null}
        title={editing?.kind === 'edit' ? `Edit ${editing.listing.integration.name}` : 'Add a listing'}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <ListingForm
            editing={editing}
            catalogue={catalogue.data ?? []}
            unlisted={unlisted}
            onDone={(text) => {
              setEditing(null);
              setNotice(text);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        {...deleting.dialog}
        danger
        title={`Delete ${deleting.target?.integration.name ?? ''}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
      >
        <p>The module leaves the store. Projects that installed it keep it.</p>
      </ConfirmDialog>
    </SettingsSection>
  );
}

/**
 * Adding and editing a listing: its module (when adding), visibility, order, and its own name and
 * description (blank: the module's). Checked with the contract's schema, so with the server's words.
 */
function ListingForm({
  editing,
  catalogue,
  unlisted,
  onDone,
  onCancel,
}: {
  editing: Exclude<Editing, null>;
  catalogue: Integration[];
  unlisted: Integration[];
  onDone: (notice: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateListing();
  const update = useUpdateListing();
  const listing = editing.kind === 'edit' ? editing.listing : undefined;
  const original = catalogue.find((i) => i.code === listing?.code);
  // The listing carries the name it shows; it is an override only where it differs from the module's.
  const override = (shown: string | undefined, own: string | undefined) => (shown && shown !== own ? shown : '');
  const [code, setCode] = useState<string>(listing?.code ?? unlisted[0]?.code ?? '');
  const [visible, setVisible] = useState(listing?.visible ?? true);
  const [sortOrder, setSortOrder] = useState<number | null>(listing?.sortOrder ?? 1000);
  const [name, setName] = useState(override(listing?.integration.name, original?.name));
  const [description, setDescription] = useState(override(listing?.integration.description, original?.description));
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const pending = create.isPending || update.isPending;
  const module = catalogue.find((i) => i.code === code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(CreateIntegrationListingRequest, {
      code,
      visible,
      sortOrder: sortOrder ?? undefined,
      name: name.trim() || null,
      description: description.trim() || null,
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({ fields: {} });
    // Field errors beside their fields; any other refusal (409: listed already) in the server's words.
    const fail = (error: unknown) => {
      const found = formErrorsFrom(error);
      setErrors(Object.keys(found.fields).length > 0 ? found : { fields: {}, message: errorMessage(error) });
    };
    if (listing) {
      const { code: _, ...request } = checked.data;
      update.mutate(
        { listing: listing.id, request: request satisfies UpdateIntegrationListingRequest },
        { onSuccess: () => onDone(`${module?.name ?? code} saved.`), onError: fail },
      );
    } else {
      create.mutate(checked.data, {
        onSuccess: () => onDone(`${module?.name ?? code} added to the store.`),
        onError: fail,
      });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={listing ? 'Edit listing' : 'Add listing'}>
      {!listing && (
        <SelectField label="Module" value={code} error={errors.fields.code} onChange={(e) => setCode(e.target.value)}>
          {unlisted.map((i) => (
            <option key={i.code} value={i.code}>
              {i.name} ({i.code})
            </option>
          ))}
        </SelectField>
      )}
      <Checkbox label="Visible in the store" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
      <NumberInput
        label="Sort order"
        hint="Lower comes first."
        min={0}
        max={1_000_000}
        value={sortOrder}
        onValueChange={setSortOrder}
        error={errors.fields.sortOrder}
      />
      <TextField
        label="Name"
        hint={module ? `Blank: ${module.name}` : undefined}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.fields.name}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={4}
        value={description}
        hint={module ? 'Blank: the module’s own description.' : undefined}
        error={errors.fields.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      {errors.message && <Alert tone="danger">{errors.message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {listing ? 'Save' : 'Add'}
        </SubmitButton>
      </div>
    </form>
  );
}
