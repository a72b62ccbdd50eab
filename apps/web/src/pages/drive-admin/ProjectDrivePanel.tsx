import { DriveSetupRequest, type DriveProjectAdmin, type UpdateDriveSetupRequest } from '@wharf/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAdminDriveProject } from '../../features/drive/api/admin-drive-project';
import { useResetDriveProject } from '../../features/drive/api/admin-reset-drive-project';
import { useSetupDriveProject } from '../../features/drive/api/admin-setup-drive-project';
import { useUpdateDriveProject } from '../../features/drive/api/admin-update-drive-project';
import { fileCount, formatBytes, usageText } from '../../features/drive/format';
import { errorMessage, formErrorsFrom, validate, type FormErrors } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDate } from '../../ui/dates';
import { NumberInput } from '../../ui/NumberInput';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { ProjectDriveMetrics } from './DriveMetrics';
import {
  DEFAULT_QUOTA_BYTES,
  DEFAULT_STORAGE_CLASS,
  maxQuota,
  QUOTA_UNITS,
  quotaFromUnits,
  quotaInUnits,
  STORAGE_CLASSES,
  storageClassName,
  type QuotaUnit,
} from './quota';

const DEFAULTS = `${formatBytes(DEFAULT_QUOTA_BYTES)}, ${storageClassName(DEFAULT_STORAGE_CLASS)}`;

/**
 * One project's drive, opened from its row: its setup (quota and storage class) to change or reset,
 * and its days. It takes the focus when it opens, and gives it back to the row on closing.
 */
export function ProjectDrivePanel({
  from,
  onClose,
}: {
  /** The row it was opened from, and when the list was read. */
  from: { drive: DriveProjectAdmin; updatedAt: number };
  onClose: () => void;
}) {
  const project = from.drive.projectId;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useAdminDriveProject(project, from);
  const drive = query.data ?? from.drive;
  const reset = useResetDriveProject();
  const [notice, setNotice] = useState<string | null>(null);
  const resetting = useConfirmedMutation<DriveProjectAdmin, string>(
    reset,
    (d) => d.projectId,
    (d) => {
      setNotice(`${d.projectName}'s drive is back to the defaults: ${DEFAULTS}. Its files stay.`);
      // The reset button goes with the setup; the focus stays in the panel.
      heading.current?.focus();
    },
  );

  useEffect(() => {
    heading.current?.focus();
    heading.current?.closest('section')?.scrollIntoView?.({ block: 'start' });
  }, []);

  const setUp = drive.createdAt !== null;
  return (
    <section
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-xl border border-primary/60 bg-surface p-5 shadow-xs sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold break-words focus-visible:outline-2 focus-visible:outline-focus"
          >
            {drive.projectName}
          </h2>
          <p className="mt-1 text-sm/6 text-muted">
            {usageText(drive)} · {fileCount(drive.fileCount)} ·{' '}
            {setUp ? `Set up ${formatDate(drive.createdAt)}` : `Never set up: it has the defaults (${DEFAULTS}).`}
          </p>
        </div>
        <Button variant="secondary" size="small" onClick={onClose} aria-label={`Close ${drive.projectName}`}>
          Close
        </Button>
      </div>

      <div className="mt-5 grid gap-6">
        <div className="grid gap-4">
          <h3 className="text-sm font-semibold">Setup</h3>
          {notice && <Alert tone="success">{notice}</Alert>}
          <SetupForm
            drive={drive}
            onSaved={(saved) =>
              setNotice(
                `Saved: ${saved.projectName} has ${formatBytes(saved.quotaBytes)}, ${storageClassName(saved.storageClass)}.`,
              )
            }
            onEdit={() => setNotice(null)}
          />
          {setUp && (
            <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(null);
                  resetting.ask(drive);
                }}
              >
                Reset to defaults
              </Button>
              <p className="text-xs text-muted">Back to {DEFAULTS}. The files stay.</p>
            </div>
          )}
        </div>
        <div className="grid min-w-0 gap-3">
          <h3 className="text-sm font-semibold">Activity</h3>
          <ProjectDriveMetrics project={project} name={drive.projectName} />
        </div>
      </div>

      <ConfirmDialog
        {...resetting.dialog}
        danger
        title={`Reset ${resetting.target?.projectName ?? ''}'s drive to the defaults?`}
        confirmLabel="Reset"
        pendingLabel="Resetting…"
      >
        <p>
          Its quota goes back to {formatBytes(DEFAULT_QUOTA_BYTES)} and its storage class to{' '}
          {storageClassName(DEFAULT_STORAGE_CLASS)}. Its files stay.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * The quota (a whole number of MB or GB) and the storage class. A drive never set up is set up
 * (POST, both); one set up is changed (PATCH, only what changed).
 */
function SetupForm({
  drive,
  onSaved,
  onEdit,
}: {
  drive: DriveProjectAdmin;
  onSaved: (drive: DriveProjectAdmin) => void;
  onEdit: () => void;
}) {
  const setup = useSetupDriveProject();
  const update = useUpdateDriveProject();
  const initial = quotaInUnits(drive.quotaBytes);
  const [amount, setAmount] = useState<number | null>(initial.amount);
  const [unit, setUnit] = useState<QuotaUnit>(initial.unit);
  const [storageClass, setStorageClass] = useState(drive.storageClass);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [unchanged, setUnchanged] = useState(false);
  // A setup saved or reset starts the form afresh from what the server now holds (in place, so the
  // focus stays on Save).
  const version = `${drive.updatedAt ?? 'defaults'} ${drive.quotaBytes} ${drive.storageClass}`;
  const [shown, setShown] = useState(version);
  if (shown !== version) {
    setShown(version);
    setAmount(initial.amount);
    setUnit(initial.unit);
    setStorageClass(drive.storageClass);
    setErrors({ fields: {} });
  }
  const pending = setup.isPending || update.isPending;
  const setUp = drive.createdAt !== null;

  const edited = () => {
    onEdit();
    setUnchanged(false);
    if (errors.message) setErrors((e) => ({ fields: e.fields }));
  };

  const fail = (error: unknown) => {
    const found = formErrorsFrom(error, { fields: ['quotaBytes', 'storageClass'] });
    setErrors(Object.keys(found.fields).length > 0 ? found : { fields: {}, message: errorMessage(error) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onEdit();
    setUnchanged(false);
    const quotaChanged = amount !== initial.amount || unit !== initial.unit;
    const quota = quotaFromUnits(amount, unit);
    // An untouched quota set by other means (not a whole MB) is left as it is.
    if (!quota.ok && (quotaChanged || !setUp)) return setErrors({ fields: { quotaBytes: quota.message } });
    const quotaBytes = quota.ok ? quota.bytes : drive.quotaBytes;
    if (!setUp) {
      const checked = validate(DriveSetupRequest, { quotaBytes, storageClass });
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({ fields: {} });
      setup.mutate({ project: drive.projectId, setup: checked.data }, { onSuccess: onSaved, onError: fail });
      return;
    }
    const updateSetup: UpdateDriveSetupRequest = {
      ...(quotaChanged && quotaBytes !== drive.quotaBytes ? { quotaBytes } : {}),
      ...(storageClass !== drive.storageClass
        ? { storageClass: storageClass as DriveSetupRequest['storageClass'] }
        : {}),
    };
    setErrors({ fields: {} });
    if (Object.keys(updateSetup).length === 0) return setUnchanged(true);
    update.mutate({ project: drive.projectId, updateSetup }, { onSuccess: onSaved, onError: fail });
  };

  const known = STORAGE_CLASSES.some((c) => c.value === drive.storageClass);
  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4" aria-label={`Setup of ${drive.projectName}`}>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3">
        <NumberInput
          label="Quota"
          hint={`Now ${formatBytes(drive.quotaBytes)}. 0 takes no more uploads.`}
          min={0}
          max={maxQuota(unit) / QUOTA_UNITS[unit]}
          value={amount}
          onValueChange={(value) => {
            edited();
            setAmount(value);
          }}
          error={errors.fields.quotaBytes}
        />
        <SelectField
          label="Unit"
          value={unit}
          onChange={(event) => {
            edited();
            setUnit(event.target.value as QuotaUnit);
          }}
        >
          {Object.keys(QUOTA_UNITS).map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Storage class"
        hint="Infrequent access costs less to keep and more to read: for files seldom opened."
        value={storageClass}
        error={errors.fields.storageClass}
        onChange={(event) => {
          edited();
          setStorageClass(event.target.value);
        }}
      >
        {!known && <option value={drive.storageClass}>{drive.storageClass}</option>}
        {STORAGE_CLASSES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      {errors.message && <Alert tone="danger">{errors.message}</Alert>}
      {unchanged && <Alert>Nothing to save: change the quota or the storage class first.</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
