/**
 * Query keys of mail marketing, per project: subscribers, mailing lists, drafts, imports and
 * campaigns each under the project's `marketing` key, so a change can reload one kind (a list's
 * counts after a subscriber joins it) or all of a project's at once.
 */
export const marketingKeys = {
  all: (project: string) => ['marketing', project] as const,

  subscribers: (project: string) => [...marketingKeys.all(project), 'subscribers'] as const,
  subscriberList: (project: string, filters: object) =>
    [...marketingKeys.subscribers(project), 'list', filters] as const,
  subscriber: (project: string, subscriberId: string) =>
    [...marketingKeys.subscribers(project), 'detail', subscriberId] as const,
  subscriberEvents: (project: string, subscriberId: string) =>
    [...marketingKeys.subscribers(project), 'events', subscriberId] as const,

  lists: (project: string) => [...marketingKeys.all(project), 'lists'] as const,
  listList: (project: string) => [...marketingKeys.lists(project), 'list'] as const,

  drafts: (project: string) => [...marketingKeys.all(project), 'drafts'] as const,
  draftList: (project: string, filters: object) => [...marketingKeys.drafts(project), 'list', filters] as const,
  draft: (project: string, draftId: string) => [...marketingKeys.drafts(project), 'detail', draftId] as const,

  imports: (project: string) => [...marketingKeys.all(project), 'imports'] as const,
  import: (project: string, importId: string) => [...marketingKeys.imports(project), 'detail', importId] as const,

  campaigns: (project: string) => [...marketingKeys.all(project), 'campaigns'] as const,
  campaignList: (project: string, filters: object) => [...marketingKeys.campaigns(project), 'list', filters] as const,
  campaign: (project: string, campaignId: string) =>
    [...marketingKeys.campaigns(project), 'detail', campaignId] as const,
  campaignAudienceCount: (project: string, audience: object) =>
    [...marketingKeys.campaigns(project), 'audience-count', audience] as const,
};
