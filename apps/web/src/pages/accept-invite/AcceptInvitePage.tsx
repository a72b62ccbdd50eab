import { ApiError } from '@wharf/client';
import type { AcceptedInvite, User } from '@wharf/contract';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useLogout } from '../../features/accounts/api/logout';
import { useSession } from '../../features/accounts/api/session';
import { AuthCard, linkClasses } from '../../features/accounts/ui/AuthCard';
import { useSignedIn } from '../../features/accounts/use-auth';
import { formErrorsFrom } from '../../features/forms/form-errors';
import { useAcceptInviteMutation } from '../../features/projects/api/accept-invite';
import { mismatchMessage } from '../../features/projects/invite-messages';
import { Alert } from '../../ui/Alert';
import { Button, buttonClasses } from '../../ui/Button';
import { Loading } from '../../ui/Loading';

/**
 * `/accept-invite/$token` (route `accept-invite`): the mailed invitation to a project. A visitor
 * signs in or registers first and comes back here; a signed-in user joins at once.
 */
export function AcceptInvitePage() {
  const { token } = useParams({ strict: false }) as { token: string };
  // Another invitation is another page: nothing of the previous one's answer carries over.
  return <AcceptInvite key={token} token={token} />;
}

function AcceptInvite({ token }: { token: string }) {
  const session = useSession();
  // Where sign-in, registration and "another account" come back to.
  const here = pathOf('accept-invite', { token });

  if (session.isPending) return <Working title="Your invitation" label="Checking who is signed in…" />;
  if (session.isError) {
    return (
      <AuthCard title="The invitation could not be opened">
        <Alert tone="danger" className="mb-5">
          {formErrorsFrom(session.error).message}
        </Alert>
        <Button className="w-full" onClick={() => void session.refetch()} disabled={session.isFetching}>
          {session.isFetching ? 'Trying again…' : 'Try again'}
        </Button>
      </AuthCard>
    );
  }
  if (!session.data) return <SignedOut here={here} />;
  return <Accept token={token} user={session.data} here={here} />;
}

function Working({ title, label }: { title: string; label: string }) {
  return (
    <AuthCard title={title}>
      <Loading label={label} inCard />
    </AuthCard>
  );
}

function SignedOut({ here }: { here: string }) {
  const platform = usePlatform();
  return (
    <AuthCard
      title="You're invited"
      description={
        <>
          <p>You&apos;ve been invited to join a project on {platform.name}.</p>
          <p className="mt-2">
            Sign in, or create an account, with the email address the invitation was sent to. You&apos;ll come back here
            to accept it.
          </p>
        </>
      }
    >
      <div className="grid gap-3">
        <Link to={pathOf('login')} search={{ redirect: here }} className={buttonClasses({ className: 'w-full' })}>
          Sign in to accept
        </Link>
        <Link
          to={pathOf('register')}
          search={{ redirect: here }}
          className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
        >
          Create an account
        </Link>
      </div>
    </AuthCard>
  );
}

/** The invitation cannot be used: it expired, was used, or the link was cut short. */
function isInvalid(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'INVITE_INVALID' || error.status === 404 || error.status === 400);
}

function Accept({ token, user, here }: { token: string; user: User; here: string }) {
  const accept = useAcceptInviteMutation(token);
  const signedIn = useSignedIn();
  const logout = useLogout();
  const { mutate } = accept;

  // Accepting changes the server, so it is asked once: StrictMode runs effects twice (the ref
  // survives that), and the page is keyed by token, so a new invitation is a new component.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      // The session ended since the page opened: show the signed-out choices instead.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) signedIn(null);
      },
    });
  }, [mutate, signedIn]);

  const sessionEnded = accept.error instanceof ApiError && accept.error.status === 401;
  if (accept.isIdle || accept.isPending || sessionEnded) {
    return <Working title="Your invitation" label="Accepting your invitation…" />;
  }
  if (accept.isSuccess) return <Accepted invite={accept.data} />;

  const error = accept.error;
  const onward = (
    <Link to={pathOf('account.settings')} className={linkClasses}>
      Go to your account
    </Link>
  );
  if (isInvalid(error)) {
    return (
      <AuthCard
        title="This invitation has expired or was already used"
        description="An invitation works once, for 7 days. Ask the person who invited you to send a new one."
      >
        <Link to={pathOf('account.settings')} className={buttonClasses({ className: 'w-full' })}>
          Continue
        </Link>
      </AuthCard>
    );
  }
  if (error instanceof ApiError && error.code === 'INVITE_EMAIL_MISMATCH') {
    return (
      <AuthCard
        title="This invitation is for another address"
        description={mismatchMessage(error.message)}
        footer={
          <>
            Signed in as <span className="font-medium text-text">{user.email}</span>. {onward}
          </>
        }
      >
        <Button
          className="w-full"
          onClick={() => logout.mutate({ redirect: here })}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          {logout.isPending ? 'Signing out…' : 'Sign in with another account'}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="The invitation could not be accepted" footer={onward}>
      <Alert tone="danger" className="mb-5">
        {formErrorsFrom(error).message}
      </Alert>
      <Button className="w-full" onClick={() => mutate()}>
        Try again
      </Button>
    </AuthCard>
  );
}

function Accepted({ invite }: { invite: AcceptedInvite }) {
  return (
    <AuthCard title={invite.joined ? `Welcome to ${invite.projectName}` : invite.projectName}>
      <Alert tone="success" className="mb-5">
        {invite.joined
          ? `You've joined ${invite.projectName} as ${invite.role}.`
          : `You're already a member of ${invite.projectName}.`}
      </Alert>
      {/* Into the project: projects.switch makes it the active one, then shows its members. */}
      <Link
        to={pathOf('projects.switch')}
        search={{ project: invite.projectId, redirect_uri: pathOf('project.users.list') }}
        className={buttonClasses({ className: 'w-full' })}
      >
        Continue to {invite.projectName}
      </Link>
    </AuthCard>
  );
}
