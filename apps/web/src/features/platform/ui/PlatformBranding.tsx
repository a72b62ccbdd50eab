import type { DriveFile } from '@wharf/contract';
import { useId, useState, type FormEvent } from 'react';
import { SettingsSection } from '../../accounts/ui/SettingsSection';
import { publicFileUrl } from '../../drive/public-link';
import { ImagePicker } from '../../drive/ui/ImagePicker';
import { errorMessage } from '../../forms/form-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { SubmitButton } from '../../../ui/SubmitButton';
import {
  driveFileOf,
  usePlatformSettingsMutations,
  type PlatformLogoChoice,
  type PlatformSettings,
  type UpdatePlatformBody,
} from '../settings-api';

type Device = PlatformLogoChoice['device'];
type Theme = PlatformLogoChoice['theme'];
type LogoKey = `${Device}:${Theme}`;
type SlotKey = 'favicon' | LogoKey;

/** What a slot shows: the address to preview and, when known, the drive file to send back. */
type Slot = { url: string; fileId: string | undefined } | null;
type Slots = Record<SlotKey, Slot>;

interface SlotInfo {
  key: SlotKey;
  label: string;
  hint: string;
  theme: Theme;
}

// SPEC.md section 2: the favicon, else the desktop light logo; a logo by device (mobile under lg) and theme.
const SLOTS: readonly SlotInfo[] = [
  {
    key: 'favicon',
    label: 'Favicon',
    hint: "The browser tab's icon. Without one, the desktop light logo stands in.",
    theme: 'light',
  },
  { key: 'desktop:light', label: 'Desktop logo, light theme', hint: 'Screens 1024 px wide and more.', theme: 'light' },
  { key: 'desktop:dark', label: 'Desktop logo, dark theme', hint: 'Screens 1024 px wide and more.', theme: 'dark' },
  { key: 'mobile:light', label: 'Mobile logo, light theme', hint: 'Narrower screens.', theme: 'light' },
  { key: 'mobile:dark', label: 'Mobile logo, dark theme', hint: 'Narrower screens.', theme: 'dark' },
];
const LOGO_KEYS = SLOTS.map((s) => s.key).filter((k): k is LogoKey => k !== 'favicon');

const slotOf = (url: string | null | undefined, project: string): Slot =>
  url ? { url, fileId: driveFileOf(url, project) } : null;

function slotsOf(settings: PlatformSettings, project: string): Slots {
  const logo = (key: LogoKey) => settings.logos.find((l) => `${l.meta.device}:${l.meta.theme}` === key)?.url ?? null;
  return {
    favicon: slotOf(settings.favicon, project),
    ...(Object.fromEntries(LOGO_KEYS.map((key) => [key, slotOf(logo(key), project)])) as Record<LogoKey, Slot>),
  };
}

const same = (a: Slot, b: Slot) => (a?.url ?? null) === (b?.url ?? null);

/** Logos and favicon must be public: they are shown to everyone, signed in or not (decision 036). */
function unavailable(file: DriveFile): string | undefined {
  if (file.status !== 'ready') return 'Still uploading';
  return file.public ? undefined : 'Make it public in Drive first';
}

/**
 * The platform's favicon and its four logos (desktop and mobile, light and dark), each a public image
 * of the project's drive chosen in a picker. Saving sends the chosen files; the server keeps their
 * public addresses.
 */
export function PlatformBranding({ project, settings }: { project: string; settings: PlatformSettings }) {
  const { update } = usePlatformSettingsMutations(project);
  const initial = slotsOf(settings, project);
  const [slots, setSlots] = useState<Slots>(initial);
  const [choosing, setChoosing] = useState<SlotInfo | null>(null);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);

  const changed = SLOTS.filter((s) => !same(slots[s.key], initial[s.key])).map((s) => s.key);
  const set = (key: SlotKey, slot: Slot) => {
    setSlots((current) => ({ ...current, [key]: slot }));
    setSaved(false);
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || changed.length === 0) return;
    setSaved(false);
    const body: UpdatePlatformBody = {};
    if (changed.includes('favicon')) body.favicon = slots.favicon?.fileId ?? null;
    if (changed.some((key) => key !== 'favicon')) {
      // The request replaces every logo: the unchanged ones are sent again by their files.
      const logos: PlatformLogoChoice[] = [];
      for (const key of LOGO_KEYS) {
        const slot = slots[key];
        if (!slot) continue;
        if (!slot.fileId) {
          const label = SLOTS.find((s) => s.key === key)!.label;
          return setError(
            `The ${label.toLowerCase()} is not a file of this project's drive: choose it again or remove it.`,
          );
        }
        const [device, theme] = key.split(':') as [Device, Theme];
        logos.push({ fileId: slot.fileId, device, theme });
      }
      body.logos = logos;
    }
    setError(undefined);
    try {
      const platform = await update.mutateAsync(body);
      setSlots(slotsOf(platform, project));
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <SettingsSection
      title="Branding"
      description="Images of this project's drive. Everyone sees them, signed in or not, so each file must be public in Drive."
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <ul aria-label="Favicon and logos" className="grid gap-4 sm:grid-cols-2">
          {SLOTS.map((info) => (
            <BrandImage
              key={info.key}
              info={info}
              slot={slots[info.key]}
              onChoose={() => setChoosing(info)}
              onRemove={() => set(info.key, null)}
            />
          ))}
        </ul>
        <p className="text-sm text-muted">
          A missing logo is stood in for by the nearest one: the same device in the other theme, then the same theme on
          the other device.
        </p>
        {error && <Alert tone="danger">{error}</Alert>}
        {saved && <Alert tone="success">Branding saved.</Alert>}
        <div className="flex flex-col gap-3 xs:flex-row">
          <SubmitButton
            pending={update.isPending}
            pendingLabel="Saving…"
            disabled={changed.length === 0}
            className="w-full xs:w-auto"
          >
            Save branding
          </SubmitButton>
          {changed.length > 0 && (
            <Button
              variant="secondary"
              className="w-full xs:w-auto"
              disabled={update.isPending}
              onClick={() => {
                setSlots(initial);
                setError(undefined);
              }}
            >
              Undo changes
            </Button>
          )}
        </div>
      </form>
      <ImagePicker
        project={project}
        open={choosing !== null}
        onOpenChange={(open) => !open && setChoosing(null)}
        title={choosing ? `Choose the ${choosing.label.toLowerCase()}` : 'Choose an image'}
        description="Images of this project's drive. Only public files can be chosen: everyone loads them, signed in or not."
        unavailable={unavailable}
        onPick={(file) => {
          if (choosing) set(choosing.key, { url: publicFileUrl(file, ''), fileId: file.id });
        }}
      />
    </SettingsSection>
  );
}

function BrandImage({
  info,
  slot,
  onChoose,
  onRemove,
}: {
  info: SlotInfo;
  slot: Slot;
  onChoose: () => void;
  onRemove: () => void;
}) {
  const titleId = useId();
  const hintId = useId();
  return (
    <li aria-labelledby={titleId} className="grid gap-2 rounded-lg border border-border p-3">
      <h3 id={titleId} className="text-sm font-semibold">
        {info.label}
      </h3>
      <div
        className={cx(
          'grid h-20 place-items-center overflow-hidden rounded-md border border-border p-2',
          info.theme === 'dark' ? 'bg-black' : 'bg-white',
        )}
      >
        {slot ? (
          <img src={slot.url} alt={info.label} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className={cx('text-sm', info.theme === 'dark' ? 'text-white/70' : 'text-black/60')}>None</span>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted">
        {info.hint}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="small"
          onClick={onChoose}
          aria-label={`Choose the ${info.label.toLowerCase()}`}
          aria-describedby={hintId}
        >
          Choose…
        </Button>
        <Button
          variant="secondary"
          size="small"
          onClick={onRemove}
          disabled={!slot}
          aria-label={`Remove the ${info.label.toLowerCase()}`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
