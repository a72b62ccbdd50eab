import { CAMPAIGN_STATUSES, type CampaignSort, type CampaignStatus } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf, useNavigateByName } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import type { ListWords } from '../../features/lists/list-words';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { useListSearch } from '../../features/lists/use-list-search';
import { useCampaignsQuery, type Campaign, type CampaignFilters } from '../../features/marketing/api/campaigns';
import { NewCampaignDialog } from '../../features/marketing/ui/campaign-new-dialog';
import { projectTimeZone, zonedWords } from '../../features/marketing/ui/campaign-schedule';
import { CampaignStatusTag, campaignStatusWords, subscribersWord } from '../../features/marketing/ui/campaign-status';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { when } from '../../features/storefront/format';
import { Button } from '../../ui/Button';
import { SkeletonBar, SkeletonRows } from '../../ui/Skeleton';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/ListStates';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

const CAMPAIGN_WORDS: ListWords = {
  noun: ['campaign', 'campaigns'],
  placeholder: 'Campaign name',
  noMatchHint: 'Try another name, or another status.',
  emptyHint: 'A campaign sends one of your drafts to an audience, now or at a time you choose.',
};

/** The list's orders, as people ask for them; the value is `sortBy:order`. */
const SORTS: [string, string][] = [
  ['createdAt:desc', 'Newest first'],
  ['createdAt:asc', 'Oldest first'],
  ['name:asc', 'Name, A to Z'],
  ['name:desc', 'Name, Z to A'],
  ['scheduledAt:desc', 'Scheduled, latest first'],
  ['scheduledAt:asc', 'Scheduled, earliest first'],
  ['status:asc', 'Status'],
];

/** `/marketing/campaigns` (route `marketing.campaigns`): the project's campaigns, newest first. */
export function CampaignsPage() {
  return (
    <ProjectPage
      title="Campaigns"
      description="Send a draft to an audience of your subscribers, now or at a time you choose, and see how it did."
      permissions={['mail.read', 'mail.manage']}
    >
      {(project, access) => <Campaigns key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function Campaigns({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('mail.manage');
  const navigate = useNavigateByName();
  const search = useListSearch();
  const [status, setStatus] = useState<CampaignStatus | undefined>(undefined);
  const [sort, setSort] = useState('createdAt:desc');
  const [sortBy, order] = sort.split(':') as [CampaignSort, 'asc' | 'desc'];
  const filters: CampaignFilters = { search: search.query, status, sortBy, order };
  const campaigns = useCampaignsQuery(project.id, filters);
  const rows = pagedItems(campaigns.data?.pages, (campaign) => campaign.id);
  const searching = isSearching(campaigns);
  const [creating, setCreating] = useState(false);
  const timeZone = projectTimeZone(project.settings.timezone);
  const filtered = Boolean(search.query || status);
  const none = Boolean(campaigns.data) && rows.length === 0 && !filtered;

  const newCampaign = canManage && <Button onClick={() => setCreating(true)}>New campaign</Button>;

  return (
    <section aria-label="Campaigns" className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <form
          role="search"
          aria-label="Campaigns"
          onSubmit={(event) => event.preventDefault()}
          className="grid w-full gap-3 sm:flex sm:w-auto sm:flex-wrap sm:items-end"
        >
          <TextField
            label="Search campaigns"
            type="search"
            className="sm:w-64"
            placeholder={CAMPAIGN_WORDS.placeholder}
            autoComplete="off"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            hint={searching ? 'Searching…' : undefined}
          />
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <SelectField
              label="Status"
              className="sm:w-40"
              value={status ?? ''}
              onChange={(event) => setStatus((event.target.value || undefined) as CampaignStatus | undefined)}
            >
              <option value="">Any status</option>
              {CAMPAIGN_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {campaignStatusWords[value]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Sort by"
              className="sm:w-52"
              value={sort}
              onChange={(event) => setSort(event.target.value)}
            >
              {SORTS.map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
            </SelectField>
          </div>
        </form>
        {/* With no campaign at all, the empty state offers it instead. */}
        {newCampaign && !none && <div className="sm:ml-auto">{newCampaign}</div>}
      </div>

      {campaigns.isPending ? (
        <CampaignSkeleton />
      ) : none ? (
        <EmptyState title="No campaigns yet.">
          <p>{CAMPAIGN_WORDS.emptyHint}</p>
          {newCampaign && <div className="mt-4 flex justify-center">{newCampaign}</div>}
        </EmptyState>
      ) : campaigns.data && rows.length === 0 && status && !search.query ? (
        <EmptyState title={`No ${campaignStatusWords[status].toLowerCase()} campaigns.`}>
          <Button variant="ghost" size="small" className="mt-3" onClick={() => setStatus(undefined)}>
            Show every status
          </Button>
        </EmptyState>
      ) : (
        <PagedList query={campaigns} count={rows.length} words={CAMPAIGN_WORDS} search={search.query}>
          <ul
            aria-label="Campaigns"
            aria-busy={searching || undefined}
            className={cx(
              'divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface transition-opacity',
              searching && 'opacity-60',
            )}
          >
            {rows.map((campaign) => (
              <CampaignRow key={campaign.id} project={project.id} campaign={campaign} timeZone={timeZone} />
            ))}
          </ul>
        </PagedList>
      )}

      {canManage && (
        <NewCampaignDialog
          project={project.id}
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(campaign) =>
            void navigate('marketing.campaigns.view', {
              params: { campaignId: campaign.id },
              search: { project: project.id },
            })
          }
        />
      )}
    </section>
  );
}

/** What a row says of when: sent, going, due, or made. */
function timeWords(campaign: Campaign, timeZone: string): string {
  if (campaign.finishedAt && campaign.status === 'sent') return `Sent ${when(campaign.finishedAt)}`;
  if (campaign.startedAt && campaign.status !== 'draft') return `Started ${when(campaign.startedAt)}`;
  if (campaign.scheduledAt) return `For ${zonedWords(campaign.scheduledAt, timeZone)}`;
  return `Created ${when(campaign.createdAt)}`;
}

function CampaignRow({ project, campaign, timeZone }: { project: string; campaign: Campaign; timeZone: string }) {
  const { stats } = campaign;
  const sentOnce = stats.recipients > 0;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 sm:px-4">
      <div className="grid min-w-0 flex-1 basis-60 gap-0.5">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <Link
            to={pathOf('marketing.campaigns.view', { campaignId: campaign.id })}
            search={{ project }}
            className="min-w-0 truncate font-medium text-primary underline-offset-2 hover:underline"
          >
            {campaign.name}
          </Link>
          <CampaignStatusTag status={campaign.status} />
        </span>
        <span className="min-w-0 truncate text-sm">
          {campaign.draft ? (
            campaign.draft.subject || campaign.draft.name
          ) : (
            <em className="text-muted">No draft yet</em>
          )}
        </span>
        <span className="text-xs text-muted">{timeWords(campaign, timeZone)}</span>
      </div>
      {sentOnce && (
        <span className="text-sm text-muted tabular-nums sm:text-right">
          {stats.sent.toLocaleString('en')} of {subscribersWord(stats.recipients)}
          <br className="hidden sm:block" />
          <span className="sm:hidden"> · </span>
          {stats.opened.toLocaleString('en')} opened · {stats.clicked.toLocaleString('en')} clicked
        </span>
      )}
    </li>
  );
}

/** The list while its first page loads: grey rows where the campaigns will be. */
function CampaignSkeleton() {
  return (
    <SkeletonRows
      label="Loading campaigns…"
      rows={4}
      className="grid rounded-xl border border-border bg-surface"
      rowClassName="grid gap-1.5 border-b border-border px-4 py-3 last:border-0"
      row={(i) => (
        <>
          <div className="flex items-center gap-2">
            <SkeletonBar className={i % 2 ? 'h-3.5 w-40' : 'h-3.5 w-56'} />
            <SkeletonBar className="h-4 w-14 rounded-full" />
          </div>
          <SkeletonBar className="h-3 w-48 max-w-full" />
          <SkeletonBar className="h-3 w-32" />
        </>
      )}
    />
  );
}
