import { useId } from 'react';
import { cx } from '../../../../ui/cx';
import type { PermissionInfo } from '../../roles/api/roles';
import { groupPermissions } from '../../roles/permission-groups';

/**
 * The catalogue as checkboxes, grouped by area. Permissions the person may not hand out are shown,
 * locked, with the reason once above them.
 */
export function PermissionChecklist({
  catalogue,
  selected,
  onChange,
  locked,
  lockedReason,
  error,
  disabled = false,
}: {
  catalogue: PermissionInfo[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Whether a permission can't be chosen. */
  locked: (permission: string) => boolean;
  lockedReason: string;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const anyLocked = catalogue.some((p) => locked(p.key));
  const choosable = catalogue.filter((p) => !locked(p.key)).map((p) => p.key);

  function set(keys: Iterable<string>) {
    onChange(new Set(keys));
  }
  function toggle(key: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  }

  return (
    <fieldset
      disabled={disabled}
      aria-describedby={[errorId, anyLocked ? `${id}-locked` : undefined].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
      className="grid gap-3"
    >
      <legend className="text-sm font-medium text-text">Permissions</legend>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="text-muted">Select:</span>
        <QuickButton onClick={() => set(choosable.filter((k) => k.endsWith('.read')))}>Read only</QuickButton>
        <QuickButton onClick={() => set(choosable)}>All I can give</QuickButton>
        <QuickButton onClick={() => set([])}>None</QuickButton>
        <span className="ml-auto text-muted" aria-live="polite">
          {selected.size} selected
        </span>
      </div>
      {anyLocked && (
        <p id={`${id}-locked`} className="text-xs text-muted">
          {lockedReason}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {groupPermissions(catalogue).map((group) => (
          <fieldset key={group.area} className="rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-medium text-muted">{group.label}</legend>
            <ul className="grid gap-2">
              {group.permissions.map((permission) => {
                const isLocked = locked(permission.key);
                return (
                  <li key={permission.key}>
                    <label className={cx('flex items-start gap-2.5 text-sm', isLocked && 'opacity-60')}>
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={selected.has(permission.key)}
                        disabled={isLocked}
                        onChange={(event) => toggle(permission.key, event.target.checked)}
                      />
                      <span className="min-w-0">
                        <code className="font-mono text-xs font-semibold">{permission.key}</code>{' '}
                        <span className="block text-xs text-muted">{permission.description}</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

function QuickButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-md px-2 py-1 font-medium text-primary hover:bg-surface-raised disabled:cursor-not-allowed disabled:opacity-60"
    >
      {children}
    </button>
  );
}
