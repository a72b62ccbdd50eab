import { useSearchParam } from '../../app/search';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { useUnsubscribe, useUnsubscribeLinkQuery } from '../../features/marketing/api/subscription';
import { Button } from '../../ui/Button';
import { LinkProblem, type GoneWords } from './link-problem';

/** An erased subscriber's address is kept only as do-not-mail: they are as unsubscribed as can be. */
const GONE: GoneWords = {
  title: "You're not on the list any more",
  description: 'Your address was removed, so no more newsletters or offers are sent to it.',
};

/**
 * `/mail/unsubscribe?token` (route `mail.unsubscribe`): the visible unsubscribe link of every
 * marketing mail. Nothing happens on arrival: mail scanners open every link of a mail, and must not
 * unsubscribe anyone; the person presses the button. (Mail apps' one-click unsubscribe POSTs to the
 * API directly, RFC 8058.)
 */
export function UnsubscribePage() {
  const token = useSearchParam('token');
  if (!token) return <LinkProblem what="unsubscribe" gone={GONE} />;
  return <Unsubscribe key={token} token={token} />;
}

function Unsubscribe({ token }: { token: string }) {
  const link = useUnsubscribeLinkQuery(token);
  const unsubscribe = useUnsubscribe(token);
  if (unsubscribe.isError) return <LinkProblem error={unsubscribe.error} what="unsubscribe" gone={GONE} />;
  if (link.isError) return <LinkProblem error={link.error} what="unsubscribe" gone={GONE} />;
  const done = unsubscribe.data ?? (link.data?.status === 'unsubscribed' ? link.data : undefined);
  if (done) {
    return (
      <AuthCard
        title="You're unsubscribed"
        description={`${done.sender} will not send you newsletters or offers any more.`}
      />
    );
  }
  // The sender's name once the link is read; the question makes sense without it meanwhile.
  const sender = link.data?.sender;
  return (
    <AuthCard
      title={sender ? `Unsubscribe from ${sender}?` : 'Unsubscribe from these mails?'}
      description={`You will get no more newsletters or offers from ${sender ?? 'this sender'}.`}
    >
      <Button
        className="w-full"
        onClick={() => unsubscribe.mutate()}
        disabled={unsubscribe.isPending}
        aria-busy={unsubscribe.isPending || undefined}
      >
        {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </Button>
    </AuthCard>
  );
}
