import { REVIEW_REASON_MAX, type ReviewDecision } from '@wharf/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { Loading } from '../../../ui/Loading';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { Image } from '../../drive/ui/Image';
import { errorMessage } from '../../forms/form-errors';
import { useModerateReview, useReviewQuery, type Review, type ReviewDetail } from '../api/reviews';
import { when } from '../format';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { StarRating } from './StarRating';

const decisionWords: Record<ReviewDetail['log'][number]['decision'], string> = {
  submitted: 'Sent in',
  approved: 'Approved',
  rejected: 'Rejected',
  hidden: 'Hidden',
};

/**
 * One review of the moderation queue: its stars, title and text, what it is about, who wrote it and
 * when, its photos and status; Approve, Reject (asking why) and Hide for those who may moderate, and
 * its decision log on demand.
 */
export function ReviewCard({
  project,
  review,
  canModerate,
}: {
  project: string;
  review: Review;
  /** Approve, Reject and Hide are shown only to those who may moderate (the page says why not). */
  canModerate: boolean;
}) {
  const moderate = useModerateReview(project, review.id);
  const [rejecting, setRejecting] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const decide = (decision: ReviewDecision) => moderate.mutate({ decision });

  return (
    <article
      aria-label={`Review by ${review.author.name}`}
      className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <ReviewStatusBadge status={review.status} />
        <span className="ml-auto text-xs text-muted">{when(review.submittedAt)}</span>
      </header>
      <div className="min-w-0">
        {review.title && <h3 className="font-semibold break-words">{review.title}</h3>}
        <p className="text-sm/6 break-words whitespace-pre-wrap">{review.body}</p>
      </div>
      {review.photos.length > 0 && (
        <ul aria-label="Photos" className="flex flex-wrap gap-2">
          {review.photos.map((photo) => (
            <li key={photo.id}>
              <Image
                file={{
                  name: photo.name,
                  type: 'image/*',
                  altText: '',
                  preview: photo.preview,
                  width: null,
                  height: null,
                }}
                alt={photo.name}
                sizes="80px"
                className="size-20 rounded-lg border border-border bg-surface-raised"
              />
            </li>
          ))}
        </ul>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-muted">About</dt>
          <dd className="truncate">
            {review.product ? `${review.product.name} (${review.product.sku})` : 'The store'}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-muted">By</dt>
          <dd className="truncate">
            {review.author.name} <span className="text-muted">{review.author.email}</span>
          </dd>
        </div>
      </dl>
      {review.status === 'rejected' && review.rejectionReason && (
        <p className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">Rejected: {review.rejectionReason}</p>
      )}
      {moderate.isError && (
        <Alert tone="danger" title="The decision was not saved">
          {errorMessage(moderate.error)}
        </Alert>
      )}
      <footer className="flex flex-wrap items-center gap-2">
        {canModerate && (
          <>
            {review.status !== 'approved' && (
              <Button size="small" onClick={() => decide('approve')} disabled={moderate.isPending}>
                Approve
              </Button>
            )}
            {review.status !== 'rejected' && (
              <Button
                size="small"
                variant="secondary"
                onClick={() => {
                  moderate.reset();
                  setRejecting(true);
                }}
                disabled={moderate.isPending}
              >
                Reject
              </Button>
            )}
            {review.status !== 'hidden' && (
              <Button size="small" variant="ghost" onClick={() => decide('hide')} disabled={moderate.isPending}>
                Hide
              </Button>
            )}
          </>
        )}
        <Button
          size="small"
          variant="ghost"
          className="ml-auto"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((open) => !open)}
        >
          {showLog ? 'Hide decisions' : 'Decisions'}
        </Button>
      </footer>
      <div id={logId} hidden={!showLog}>
        {showLog && <DecisionLog project={project} reviewId={review.id} />}
      </div>
      <RejectDialog
        open={rejecting}
        review={review}
        moderate={moderate}
        onClose={() => {
          moderate.reset();
          setRejecting(false);
        }}
      />
    </article>
  );
}

/** The review's log: sent in, then each decision with its reason, who made it and when. */
function DecisionLog({ project, reviewId }: { project: string; reviewId: string }) {
  const detail = useReviewQuery(project, reviewId);
  if (detail.isPending) return <Loading label="Loading the decisions…" />;
  if (detail.isError)
    return (
      <Alert tone="danger" title="The decisions could not be loaded">
        {errorMessage(detail.error)}
      </Alert>
    );
  return (
    <ol aria-label="Decisions, oldest first" className="grid gap-2 border-t border-border pt-3 text-sm">
      {detail.data.log.map((line) => (
        <li key={line.id} className="min-w-0">
          <span className="font-medium">{decisionWords[line.decision]}</span>
          {line.actor && <span> by {line.actor}</span>}
          <span className="text-muted"> · {when(line.at)}</span>
          {line.reason && <p className="break-words whitespace-pre-wrap text-muted">“{line.reason}”</p>}
        </li>
      ))}
    </ol>
  );
}

/** "Reject review": the reason is required; it is kept with the review and in its log. */
function RejectDialog({
  open,
  review,
  moderate,
  onClose,
}: {
  open: boolean;
  review: Review;
  moderate: ReturnType<typeof useModerateReview>;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      title="Reject review"
      description={`By ${review.author.name}. It stays off the storefront; the reason is kept with it.`}
      onClose={onClose}
      busy={moderate.isPending}
    >
      <RejectForm moderate={moderate} onCancel={onClose} onDone={onClose} />
    </FormDialog>
  );
}

function RejectForm({
  moderate,
  onCancel,
  onDone,
}: {
  moderate: ReturnType<typeof useModerateReview>;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (moderate.isPending) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    moderate.mutate({ decision: 'reject', reason: reason.trim() }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextAreaField
        label="Reason"
        hint="Say why, for whoever looks at this review later."
        required
        maxLength={REVIEW_REASON_MAX}
        rows={3}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
        error={missing ? 'Say why the review is rejected.' : undefined}
      />
      {moderate.isError && (
        <Alert tone="danger" title="The review was not rejected">
          {errorMessage(moderate.error)}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={moderate.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={moderate.isPending} pendingLabel="Rejecting…" variant="danger">
          Reject review
        </SubmitButton>
      </div>
    </form>
  );
}
