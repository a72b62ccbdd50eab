import type { CampaignAudience, UpdateCampaignRequest } from '@wharf/contract';
import { useNow } from '../../features/access/members/use-now';
import { Link, useParams } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { errorMessage, formErrorsFrom, noErrors } from '../../features/forms/form-errors';
import { useUnsavedChangesWarning } from '../../features/forms/use-unsaved-warning';
import { Loaded } from '../../features/lists/ui/Loaded';
import { useAudienceCount, useCampaignQuery, type Campaign } from '../../features/marketing/api/campaigns';
import { useCampaignAction, useUpdateCampaign } from '../../features/marketing/api/campaigns-changes';
import { useMailingListsQuery } from '../../features/marketing/api/lists';
import { AudienceBuilder } from '../../features/marketing/ui/campaign-audience';
import { CampaignDraftPicker } from '../../features/marketing/ui/campaign-draft-picker';
import {
  projectTimeZone,
  ScheduleField,
  zonedWords,
  type ScheduleChoice,
} from '../../features/marketing/ui/campaign-schedule';
import { CampaignStats, SendProgress } from '../../features/marketing/ui/campaign-stats';
import { CampaignStatusTag, isEditableStatus, subscribersWord } from '../../features/marketing/ui/campaign-status';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { when } from '../../features/storefront/format';
import { linkClass } from '../../features/storefront/ui/link-class';
import { RecordHeader } from '../../features/storefront/ui/RecordHeader';
import { nudge } from '../../features/toasts/toasts';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { isoInZone, wallClockIn } from '../../ui/dates';
import { TextField } from '../../ui/TextField';

/** `/marketing/campaigns/$campaignId` (route `marketing.campaigns.view`): build, send and follow one campaign. */
export function CampaignPage() {
  const { campaignId = '' } = useParams({ strict: false }) as { campaignId?: string };
  return (
    <ProjectPage title="Campaign" permissions={['mail.read', 'mail.manage', 'mail.send']}>
      {(project, access) => (
        <CampaignLoader key={`${project.id}:${campaignId}`} project={project} access={access} campaignId={campaignId} />
      )}
    </ProjectPage>
  );
}

function CampaignLoader({ project, access, campaignId }: { project: Project; access: Access; campaignId: string }) {
  return (
    <Loaded query={useCampaignQuery(project.id, campaignId)} what="the campaign">
      {(campaign) => <CampaignView project={project} access={access} campaign={campaign} />}
    </Loaded>
  );
}

/** What the editor holds: the campaign's fields, with the schedule as typed in the project's zone. */
interface CampaignFields {
  name: string;
  draftId: string | null;
  audience: CampaignAudience;
  schedule: ScheduleChoice;
}

/** 09:00 tomorrow in the project's zone: where "Schedule for" starts. */
function tomorrowMorning(timeZone: string): ScheduleChoice {
  const tomorrow = wallClockIn(new Date(Date.now() + 86_400_000), timeZone);
  return { when: 'later', date: tomorrow?.date ?? '', time: '09:00' };
}

function fieldsOf(campaign: Campaign, timeZone: string): CampaignFields {
  const scheduled = wallClockIn(campaign.scheduledAt, timeZone);
  return {
    name: campaign.name,
    draftId: campaign.draft?.id ?? null,
    audience: campaign.audience,
    schedule: scheduled ? { when: 'later', ...scheduled } : { ...tomorrowMorning(timeZone), when: 'now' },
  };
}

/** The schedule as the API takes it: null for now, ISO with the zone's offset, or undefined when unreadable. */
function scheduledAtOf(schedule: ScheduleChoice, timeZone: string): string | null | undefined {
  return schedule.when === 'now' ? null : isoInZone(schedule.date, schedule.time, timeZone);
}

const sameInstant = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/** The fields that differ from the saved campaign: what Save sends. */
function changesOf(campaign: Campaign, edited: CampaignFields, timeZone: string): UpdateCampaignRequest {
  const changes: UpdateCampaignRequest = {};
  if (edited.name.trim() !== campaign.name) changes.name = edited.name.trim();
  if (edited.draftId !== (campaign.draft?.id ?? null)) changes.draftId = edited.draftId;
  if (JSON.stringify(edited.audience) !== JSON.stringify(campaign.audience)) changes.audience = edited.audience;
  const scheduledAt = scheduledAtOf(edited.schedule, timeZone);
  if (scheduledAt !== undefined && !sameInstant(scheduledAt, campaign.scheduledAt)) changes.scheduledAt = scheduledAt;
  return changes;
}

const FIELDS = ['name', 'draftId', 'audience', 'scheduledAt'];

function CampaignView({ project, access, campaign }: { project: Project; access: Access; campaign: Campaign }) {
  const deniedId = useId();
  const timeZone = projectTimeZone(project.settings.timezone);
  const canManage = access.can('mail.manage');
  const canSend = access.can('mail.send');
  const editable = isEditableStatus(campaign.status);
  const editing = canManage && editable;
  const lists = useMailingListsQuery(project.id);

  const [edited, setEdited] = useState<CampaignFields>(() => fieldsOf(campaign, timeZone));
  // A new version of the campaign (saved, sent, paused) replaces what the form holds.
  const [seen, setSeen] = useState(campaign.updatedAt);
  if (seen !== campaign.updatedAt) {
    setSeen(campaign.updatedAt);
    setEdited(fieldsOf(campaign, timeZone));
  }

  const save = useUpdateCampaign(project.id, campaign.id);
  const changes = changesOf(campaign, edited, timeZone);
  const dirty = editing && Object.keys(changes).length > 0;
  const scheduleUnreadable = edited.schedule.when === 'later' && scheduledAtOf(edited.schedule, timeZone) === undefined;
  const saveErrors = save.error ? formErrorsFrom(save.error, { fields: FIELDS }) : noErrors;
  const saveMessage =
    save.error && Object.keys(saveErrors.fields).length === 0 ? errorMessage(save.error) : saveErrors.message;

  const set = <K extends keyof CampaignFields>(key: K, value: CampaignFields[K]) => {
    setEdited((current) => ({ ...current, [key]: value }));
    if (save.isError) save.reset();
  };

  const submit = () =>
    save.mutate(changes, {
      onSuccess: (saved) => {
        setEdited(fieldsOf(saved, timeZone));
        nudge({ message: 'Campaign saved.', level: 'success' });
      },
    });

  // The audience as it would go: the one being edited, else the saved one.
  const audience = editing ? edited.audience : campaign.audience;
  const counted = campaign.status === 'draft' || campaign.status === 'paused' || campaign.status === 'scheduled';
  const { count, current: countIsCurrent } = useAudienceCount(project.id, audience, counted);
  useUnsavedChangesWarning(dirty);
  // Once sending began (paused), what goes and to whom are fixed: only the name and schedule change.
  const contentFixed = campaign.status === 'paused';

  return (
    <div className="grid gap-5">
      <RecordHeader back={{ to: pathOf('marketing.campaigns'), project: project.id, label: 'All campaigns' }}>
        <p className="min-w-0 text-xl font-semibold break-words">{campaign.name}</p>
        <CampaignStatusTag status={campaign.status} />
        {editing && (
          <span role="status" className="text-sm text-muted">
            {dirty ? 'Unsaved changes' : 'All changes saved'}
          </span>
        )}
      </RecordHeader>
      {!canManage && editable && (
        <ReadOnlyNotice id={deniedId} denied={['mail.manage']}>
          You can see this campaign, but not change it.
        </ReadOnlyNotice>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {editing ? (
          <form
            aria-label="Campaign"
            className="grid min-w-0 content-start gap-5"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (dirty && !scheduleUnreadable) submit();
            }}
          >
            <TextField
              label="Name"
              hint="Only you and your team see it."
              value={edited.name}
              maxLength={200}
              required
              error={saveErrors.fields.name}
              onChange={(event) => set('name', event.target.value)}
            />
            {contentFixed ? (
              <>
                <p className="text-sm text-muted">
                  {campaign.startedAt
                    ? 'Sending has begun, so its mail and audience stay as they were sent.'
                    : 'A paused campaign keeps the mail and audience it was scheduled with.'}{' '}
                  You can rename it or change when it resumes.
                </p>
                <DraftSection project={project.id} draft={campaign.draft} />
              </>
            ) : (
              <CampaignDraftPicker
                project={project.id}
                value={edited.draftId}
                current={campaign.draft}
                error={saveErrors.fields.draftId}
                onChange={(draftId) => set('draftId', draftId)}
              />
            )}
            <Section title="Audience" aside={<AudienceCount count={count} />}>
              <AudienceBuilder
                audience={edited.audience}
                lists={lists.data ?? []}
                onChange={(next) => set('audience', next)}
                readOnly={contentFixed}
              />
              {saveErrors.fields.audience && <p className="text-sm text-danger">{saveErrors.fields.audience}</p>}
            </Section>
            <ScheduleField
              value={edited.schedule}
              timeZone={timeZone}
              error={scheduleUnreadable ? 'Choose a date and a time.' : saveErrors.fields.scheduledAt}
              onChange={(schedule) =>
                set('schedule', schedule.when === 'later' && !schedule.date ? tomorrowMorning(timeZone) : schedule)
              }
            />
            {saveMessage && <Alert tone="danger">{saveMessage}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={!dirty || scheduleUnreadable || save.isPending}>
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button
                variant="secondary"
                disabled={!dirty || save.isPending}
                onClick={() => setEdited(fieldsOf(campaign, timeZone))}
              >
                Discard changes
              </Button>
            </div>
          </form>
        ) : (
          <CampaignSummary
            project={project.id}
            campaign={campaign}
            timeZone={timeZone}
            lists={lists.data ?? []}
            count={counted ? <AudienceCount count={count} /> : null}
          />
        )}

        <SendPanel
          project={project.id}
          campaign={campaign}
          timeZone={timeZone}
          canSend={canSend}
          edited={edited}
          changes={editing ? changes : {}}
          saveFirst={save}
          blocked={scheduleUnreadable}
          count={counted && countIsCurrent ? count.data : undefined}
        />
      </div>

      {campaign.status !== 'draft' && (
        <Section title="Statistics">
          <CampaignStats stats={campaign.stats} />
        </Section>
      )}
    </div>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The live count: "1,234 subscribers", and "Counting…" while a new one loads. */
function AudienceCount({ count }: { count: ReturnType<typeof useAudienceCount>['count'] }) {
  return (
    <p role="status" aria-label="Audience size" className="text-sm">
      {count.isError ? (
        <span className="text-danger">{errorMessage(count.error)}</span>
      ) : count.data === undefined ? (
        <span className="text-muted">Counting…</span>
      ) : (
        <>
          <strong className="font-semibold tabular-nums">{subscribersWord(count.data)}</strong>
          {count.isFetching && <span className="text-muted"> · counting…</span>}
        </>
      )}
    </p>
  );
}

/** The campaign's draft, read-only: a link to it and its subject. */
function DraftSection({ project, draft }: { project: string; draft: Campaign['draft'] }) {
  return (
    <Section title="Draft">
      {draft ? (
        <p className="grid gap-0.5 text-sm">
          <Link to={pathOf('marketing.drafts.view', { draftId: draft.id })} search={{ project }} className={linkClass}>
            {draft.name}
          </Link>
          <span className="break-words text-muted">{draft.subject}</span>
        </p>
      ) : (
        <p className="text-sm text-muted">No draft chosen.</p>
      )}
    </Section>
  );
}

/** The campaign as it stands, for those who may not change it and once it is on its way. */
function CampaignSummary({
  project,
  campaign,
  timeZone,
  lists,
  count,
}: {
  project: string;
  campaign: Campaign;
  timeZone: string;
  lists: Parameters<typeof AudienceBuilder>[0]['lists'];
  count: ReactNode;
}) {
  return (
    <div className="grid min-w-0 content-start gap-5">
      <DraftSection project={project} draft={campaign.draft} />
      <Section title="Audience" aside={count}>
        <AudienceBuilder audience={campaign.audience} lists={lists} onChange={() => undefined} readOnly />
      </Section>
      <Section title="Schedule">
        <p className="text-sm">
          {campaign.scheduledAt
            ? zonedWords(campaign.scheduledAt, timeZone)
            : campaign.startedAt
              ? `Started ${when(campaign.startedAt)}.`
              : 'As soon as it is sent.'}
        </p>
      </Section>
    </div>
  );
}

/**
 * Sending: the one place that sends, schedules, resumes, pauses and cancels (mail.send), with the
 * progress of a send and why one was refused.
 */
function SendPanel({
  project,
  campaign,
  timeZone,
  canSend,
  edited,
  changes,
  saveFirst,
  blocked,
  count,
}: {
  project: string;
  campaign: Campaign;
  timeZone: string;
  canSend: boolean;
  edited: CampaignFields;
  changes: UpdateCampaignRequest;
  saveFirst: ReturnType<typeof useUpdateCampaign>;
  blocked: boolean;
  count: number | undefined;
}) {
  const send = useCampaignAction(project, campaign.id, 'send');
  const pause = useCampaignAction(project, campaign.id, 'pause');
  const cancel = useCampaignAction(project, campaign.id, 'cancel');
  const [asking, setAsking] = useState<'send' | 'cancel' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { status, stats } = campaign;

  const scheduledAt = edited.schedule.when === 'later' ? scheduledAtOf(edited.schedule, timeZone) : null;
  const resuming = status === 'paused';
  // A saved time already past sends at once (the server's rule): the dialog must say "now".
  const now = useNow(15_000);
  const later = !resuming && scheduledAt != null && Date.parse(scheduledAt) > now;
  const audienceWords = count === undefined ? 'its audience' : subscribersWord(count);
  const name = `“${edited.name.trim() || campaign.name}”`;
  const title = resuming
    ? `Resume ${name}?`
    : later
      ? `Schedule ${name} for ${zonedWords(scheduledAt!, timeZone)}?`
      : `Send ${name} to ${audienceWords} now?`;

  const fail = (error: unknown) => {
    setAsking(null);
    setRefusal(errorMessage(error));
  };
  const confirmSend = async () => {
    setRefusal(null);
    try {
      // Unsaved changes go first: what is confirmed is what is sent.
      if (Object.keys(changes).length > 0) await saveFirst.mutateAsync(changes);
      const sent = await send.mutateAsync();
      setAsking(null);
      nudge({
        message:
          sent.status === 'scheduled'
            ? `${sent.name} is scheduled for ${zonedWords(sent.scheduledAt ?? '', timeZone)}.`
            : `${sent.name} is sending.`,
        level: 'success',
      });
    } catch (error) {
      fail(error);
    }
  };
  const runPause = () => {
    setRefusal(null);
    pause.mutate(undefined, {
      onSuccess: (paused) => nudge({ message: `${paused.name} is paused.`, level: 'success' }),
      onError: fail,
    });
  };
  const confirmCancel = () => {
    setRefusal(null);
    cancel.mutate(undefined, {
      onSuccess: (cancelled) => {
        setAsking(null);
        nudge({ message: `${cancelled.name} was cancelled.`, level: 'success' });
      },
      onError: fail,
    });
  };

  const busy = send.isPending || pause.isPending || cancel.isPending || saveFirst.isPending;
  const sendable = status === 'draft' || status === 'paused';
  const stoppable = status === 'sending' || status === 'scheduled' || status === 'paused';
  const pausable = status === 'sending' || status === 'scheduled';

  return (
    <aside
      aria-label="Sending"
      className="grid content-start gap-3 self-start rounded-xl border border-border bg-surface p-4"
    >
      <h2 className="text-base font-semibold">Sending</h2>
      <p className="text-sm">{statusWords(campaign, timeZone)}</p>
      {(status === 'sending' || (status === 'paused' && stats.recipients > 0)) && <SendProgress stats={stats} />}
      {campaign.failure && (
        <Alert tone="warning" title="Sending stopped">
          {campaign.failure}
        </Alert>
      )}
      {refusal && <Alert tone="danger">{refusal}</Alert>}
      {sendable && count === 0 && (
        <p className="text-sm text-warning">Nobody in this audience would be mailed now: widen it to send.</p>
      )}
      {canSend && (sendable || stoppable) && (
        <div className="flex flex-wrap gap-2">
          {sendable && (
            <Button
              disabled={busy || blocked || count === 0}
              onClick={() => {
                setRefusal(null);
                setAsking('send');
              }}
            >
              {resuming ? 'Resume' : later ? 'Schedule' : 'Send'}
            </Button>
          )}
          {pausable && (
            <Button variant="secondary" disabled={busy} onClick={runPause}>
              {pause.isPending ? 'Pausing…' : 'Pause'}
            </Button>
          )}
          {stoppable && (
            <Button variant="secondary" disabled={busy} onClick={() => setAsking('cancel')}>
              Cancel campaign
            </Button>
          )}
        </div>
      )}
      {!canSend && (sendable || stoppable) && (
        <p className="text-xs text-muted">Sending, pausing and cancelling need the mail.send permission.</p>
      )}

      {canSend && (
        <>
          <ConfirmDialog
            open={asking === 'send'}
            title={title}
            confirmLabel={resuming ? 'Resume sending' : later ? 'Schedule' : 'Send now'}
            pendingLabel={later ? 'Scheduling…' : 'Sending…'}
            pending={busy}
            onCancel={() => setAsking(null)}
            onConfirm={() => void confirmSend()}
          >
            {resuming
              ? 'Sending picks up where it stopped; nobody already mailed is mailed again.'
              : `${campaign.draft ? `The draft “${campaign.draft.name}”` : 'The mail'} goes to ${audienceWords}${later ? ' then' : ''}. Once it is on its way it can be paused or cancelled, not taken back.`}
          </ConfirmDialog>
          <ConfirmDialog
            open={asking === 'cancel'}
            title={`Cancel ${name} for good?`}
            confirmLabel="Cancel campaign"
            pendingLabel="Cancelling…"
            danger
            pending={cancel.isPending}
            onCancel={() => setAsking(null)}
            onConfirm={confirmCancel}
          >
            Nobody else is mailed. Those already mailed stay mailed and counted. A cancelled campaign cannot be sent
            again.
          </ConfirmDialog>
        </>
      )}
    </aside>
  );
}

/** Where the campaign is, in a sentence. */
function statusWords(campaign: Campaign, timeZone: string): string {
  const { stats } = campaign;
  switch (campaign.status) {
    case 'draft':
      return campaign.draft ? 'Not sent yet.' : 'Choose a draft before sending.';
    case 'scheduled':
      return `Goes out ${campaign.scheduledAt ? zonedWords(campaign.scheduledAt, timeZone) : 'soon'}.`;
    case 'sending':
      return `Sending since ${when(campaign.startedAt)}.`;
    case 'paused':
      return 'Paused: nobody more is mailed until it is resumed.';
    case 'sent':
      return `Sent to ${subscribersWord(stats.sent)}, finished ${when(campaign.finishedAt)}.`;
    case 'cancelled':
      return `Cancelled${campaign.finishedAt ? ` ${when(campaign.finishedAt)}` : ''}, after ${subscribersWord(stats.sent)}.`;
  }
}
