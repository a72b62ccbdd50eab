import { useSearchParam } from '../../app/search';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { useConfirmSubscriptionQuery } from '../../features/marketing/api/subscription';
import { Loading } from '../../ui/Loading';
import { LinkProblem, type GoneWords } from './link-problem';

const GONE: GoneWords = {
  title: 'This subscription no longer exists',
  description: 'The address was removed from the list, so there is nothing to confirm. Sign up again to get the mail.',
};

/**
 * `/mail/confirm?token` (route `mail.confirm`): the double opt-in mail's link. Following it is the
 * person's confirmation, so the page confirms on arrival (once), with no sign-in.
 */
export function ConfirmSubscriptionPage() {
  const token = useSearchParam('token');
  const confirm = useConfirmSubscriptionQuery(token);

  if (!token) return <LinkProblem what="confirm your subscription" gone={GONE} />;
  if (confirm.isPending) {
    return (
      <AuthCard title="Confirming your subscription">
        <Loading label="Confirming your subscription…" inCard />
      </AuthCard>
    );
  }
  if (confirm.isError) return <LinkProblem error={confirm.error} what="confirm your subscription" gone={GONE} />;
  const { sender, status } = confirm.data;
  // A person who unsubscribed since, or whose address bounces, is not subscribed by an old link.
  if (status !== 'subscribed') {
    return (
      <AuthCard
        title={`You're not subscribed to ${sender}`}
        description={
          status === 'unsubscribed'
            ? 'You unsubscribed after this mail was sent, so this link no longer subscribes you.'
            : 'Mail to your address could not be delivered, so you are not on the list.'
        }
      />
    );
  }
  return (
    <AuthCard
      title={`You're subscribed to ${sender}`}
      description="Thank you for confirming. Every mail has a link to unsubscribe whenever you like."
    />
  );
}
