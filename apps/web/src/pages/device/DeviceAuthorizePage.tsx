import { DeviceAuthorizeRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { usePlatform } from '../../app/platform';
import { useSearchParam } from '../../app/search';
import { useAuthorizeDeviceMutation } from '../../features/auth/api/authorize-device';
import { useLogout } from '../../features/accounts/api/logout';
import { displayName, useUser } from '../../features/accounts/api/session';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';

type Outcome = 'approved' | 'denied';

/**
 * `/device?user_code=` (route `device`): a signed-in user approves or denies a device (a factory
 * station, a CLI) by the code it shows (RFC 8628). The call is on the service API, so it carries
 * the bearer token.
 */
export function DeviceAuthorizePage() {
  const platform = usePlatform();
  const user = useUser();
  const logout = useLogout();
  const authorize = useAuthorizeDeviceMutation();
  const { bindForm, ...form } = useForm({ user_code: useSearchParam('user_code') ?? '' });
  const [choice, setChoice] = useState<Outcome | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function decide(approve: boolean) {
    if (authorize.isPending) return;
    const checked = validate(DeviceAuthorizeRequest, { user_code: form.values.user_code, approve });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    setChoice(approve ? 'approved' : 'denied');
    try {
      await authorize.mutateAsync(checked.data);
      setOutcome(approve ? 'approved' : 'denied');
    } catch (error) {
      form.setErrors(
        formErrorsFrom(error, {
          fields: ['user_code'],
          codes: {
            DEVICE_CODE_NOT_FOUND: {
              field: 'user_code',
              message: 'No device is waiting with this code. Check the code on your device and try again.',
            },
            DEVICE_CODE_EXPIRED: {
              field: 'user_code',
              message: 'This code has expired. Start again on your device to get a new code.',
            },
          },
        }),
      );
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in the field approves, like the first button; the buttons say which they are.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void decide(submitter?.value !== 'deny');
  }

  if (outcome) {
    return (
      <AuthCard title={outcome === 'approved' ? 'Device approved' : 'Device denied'}>
        <Alert tone={outcome === 'approved' ? 'success' : 'info'}>
          {outcome === 'approved'
            ? 'Device approved. You can return to your device.'
            : 'Device denied. It was not given access to your account.'}
        </Alert>
        <Button
          variant="secondary"
          className="mt-5 w-full"
          onClick={() => {
            authorize.reset();
            form.setValue('user_code', '');
            setOutcome(null);
          }}
        >
          Authorize another device
        </Button>
      </AuthCard>
    );
  }

  const sending = authorize.isPending;
  return (
    <AuthCard
      title="Connect a device"
      description={`Enter the code your device shows to let it use your ${platform.name} account. Only approve a device you are setting up yourself.`}
      footer={
        user && (
          <>
            Signed in as <span className="font-medium text-text">{displayName(user)}</span>.{' '}
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => logout.mutate()}
            >
              Not you?
            </button>
          </>
        )
      }
    >
      <form ref={bindForm} noValidate onSubmit={onSubmit} className="grid gap-5">
        <TextField
          label="Device code"
          placeholder="WDJB-MJHT"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.2em] [&_input]:uppercase"
          {...form.field('user_code')}
          autoFocus={!form.values.user_code}
        />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <div className="grid gap-3 xs:grid-cols-2">
          <Button
            type="submit"
            value="approve"
            disabled={sending}
            aria-busy={(sending && choice === 'approved') || undefined}
          >
            {sending && choice === 'approved' && (
              <Spinner className="size-4! border-2! border-current/30! border-t-current!" />
            )}
            {sending && choice === 'approved' ? 'Approving…' : 'Approve'}
          </Button>
          <Button
            type="submit"
            value="deny"
            variant="secondary"
            disabled={sending}
            aria-busy={(sending && choice === 'denied') || undefined}
          >
            {sending && choice === 'denied' ? 'Denying…' : 'Deny'}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
