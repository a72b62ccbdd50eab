import { ApiError } from '@wharf/client';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { errorMessage } from '../../features/forms/form-errors';
import { Alert } from '../../ui/Alert';

/** What a page says when the link's subscriber was erased (404): it depends on what the link was for. */
export interface GoneWords {
  title: string;
  description: string;
}

/**
 * A subscriber's link that cannot work: missing its token, garbled or cut short (400, the server
 * says how), or for a subscriber who was erased (404). Said plainly: these people are not console
 * users, so there is nowhere to sign in.
 */
export function LinkProblem({ error, what, gone }: { error?: unknown; what: string; gone: GoneWords }) {
  if (error === undefined) {
    return (
      <AuthCard
        title="This link is incomplete"
        description={`Open the link from the mail again; if your mail app split it, copy all of it into the address bar to ${what}.`}
      />
    );
  }
  if (error instanceof ApiError && error.status === 404)
    return <AuthCard title={gone.title} description={gone.description} />;
  if (error instanceof ApiError && error.status === 400)
    return <AuthCard title="This link is not valid" description={errorMessage(error)} />;
  return (
    <AuthCard title="Something went wrong">
      <Alert tone="danger">{errorMessage(error)}</Alert>
    </AuthCard>
  );
}
