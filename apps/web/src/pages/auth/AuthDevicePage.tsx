import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { AuthCard, linkClasses } from '../../features/accounts/ui/AuthCard';
import { Steps } from '../../features/accounts/ui/Steps';
import { useForm } from '../../features/forms/use-form';
import { CopyButton } from '../../ui/CopyButton';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

/** `/auth/setup/factory/$projectId/devices` (route `auth.setup.factory.devices`): pairing, step by step. */
export function AuthDevicePage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { projectId } = useParams({ strict: false }) as { projectId: string };
  const { bindForm, ...form } = useForm({ user_code: '' });
  const deviceUrl = `${window.location.origin}${pathOf('device')}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const code = form.values.user_code.trim();
    if (!code) return form.setErrors({ fields: { user_code: 'Enter the code your device shows.' } });
    // The device page asks to sign in first when needed, then comes back with the code filled in.
    void navigate({ to: pathOf('device'), search: { user_code: code.toUpperCase() } });
  }

  return (
    <AuthCard
      wide
      title="Pair a factory device"
      description={`Connect a station of this project to ${platform.name}. Repeat for each device.`}
      footer={
        <Link to={pathOf('auth.setup.factory')} className={linkClasses}>
          Back to factory setup
        </Link>
      }
    >
      <div className="mb-6 flex flex-wrap items-center gap-3 rounded-lg bg-surface-raised px-3 py-2.5">
        <span className="text-sm text-muted">Project</span>
        <code className="min-w-0 font-mono text-sm font-semibold break-all">{projectId}</code>
        <CopyButton text={projectId} label="Copy id" className="ml-auto" />
      </div>
      <Steps
        steps={[
          {
            title: 'On the device, choose to sign in',
            body: 'Enter the project id above if the device asks for it.',
          },
          {
            title: 'The device shows a code',
            body: (
              <>
                Eight letters and digits, like <code className="font-mono">WDJB-MJHT</code>, and the address{' '}
                <code className="font-mono [overflow-wrap:anywhere]">{deviceUrl}</code>. It is valid for a few minutes.
              </>
            ),
          },
          {
            title: 'Enter the code and approve',
            body: 'Below, or at that address from any phone or computer, signed in as a member of the project.',
          },
          {
            title: 'The device connects',
            body: 'Within a few seconds the device shows it is signed in. Nothing else to do.',
          },
        ]}
      />
      <form
        ref={bindForm}
        noValidate
        onSubmit={onSubmit}
        className="mt-8 grid gap-3 border-t border-border pt-6 sm:grid-cols-[1fr_auto] sm:items-start"
      >
        <TextField
          label="Code shown on the device"
          placeholder="WDJB-MJHT"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="[&_input]:font-mono [&_input]:uppercase"
          {...form.field('user_code')}
        />
        <SubmitButton pending={false} pendingLabel="" className="sm:mt-7">
          Continue
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
