import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { AuthCard, linkClasses } from '../../features/accounts/ui/AuthCard';
import { Steps } from '../../features/accounts/ui/Steps';
import { useForm } from '../../features/forms/use-form';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

/** `/auth/setup/factory` (route `auth.setup.factory`): how factory devices get access, without passwords on them. */
export function AuthFactoryPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { bindForm, ...form } = useForm({ projectId: '' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const projectId = form.values.projectId.trim();
    if (!projectId) return form.setErrors({ fields: { projectId: 'Enter the id of your factory project.' } });
    void navigate({ to: pathOf('auth.setup.factory.devices', { projectId }) });
  }

  return (
    <AuthCard
      wide
      title="Set up your factory"
      description={`Print stations, packing tablets and scanners work for a ${platform.name} project through device pairing: nobody types a password on a shared screen.`}
      footer={
        <Link to={pathOf('auth.setup')} className={linkClasses}>
          Back to getting started
        </Link>
      }
    >
      <Steps
        steps={[
          {
            title: 'Have a project and an account',
            body: 'The factory is a project; the person pairing devices needs an account that is a member of it.',
          },
          {
            title: 'Start pairing on the device',
            body: 'The device shows a short code, like WDJB-MJHT, and the address to enter it at.',
          },
          {
            title: 'Approve the code from your phone or computer',
            body: 'Sign in, open the device page, enter the code and choose Approve. The device is connected within seconds.',
          },
          {
            title: 'Stop a device at any time',
            body: "Deny a code you don't recognise; a code you ignore expires on its own.",
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
          label="Project id"
          hint="Shown in the project's settings. We'll show the pairing steps for it."
          autoComplete="off"
          spellCheck={false}
          {...form.field('projectId')}
        />
        <SubmitButton pending={false} pendingLabel="" className="sm:mt-7">
          Pair devices
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
