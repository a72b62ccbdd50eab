import { useMemo } from 'react';
import { pagedItems } from '../../lists/paged-list';
import { useDraftsQuery } from '../../marketing/api/drafts';
import { useMailingListsQuery } from '../../marketing/api/lists';
import type { FlowNames } from '../flow-words';

/**
 * The project's mailing lists and mail drafts a flow names, to pick from and to say by name. Both
 * need mail.read; without it (or while loading) the sentences say "a list" and "a draft".
 */
export function useFlowChoices(project: string) {
  const lists = useMailingListsQuery(project);
  const drafts = useDraftsQuery(project, '');
  const listChoices = useMemo(() => (lists.data ?? []).map(({ id, name }) => ({ id, name })), [lists.data]);
  const draftChoices = useMemo(
    () => pagedItems(drafts.data?.pages, (draft) => draft.id).map(({ id, name }) => ({ id, name })),
    [drafts.data],
  );
  const names = useMemo<FlowNames>(() => {
    const byId = (choices: { id: string; name: string }[]) => new Map(choices.map((c) => [c.id, c.name]));
    const listNames = byId(listChoices);
    const draftNames = byId(draftChoices);
    return { list: (id) => listNames.get(id), draft: (id) => draftNames.get(id) };
  }, [listChoices, draftChoices]);
  return {
    names,
    lists: listChoices,
    drafts: draftChoices,
    moreDrafts: drafts.hasNextPage && !drafts.isFetchingNextPage ? () => void drafts.fetchNextPage() : undefined,
  };
}

/** The lists alone, for the flows' list, whose triggers name them. */
export function useListNames(project: string): FlowNames {
  const lists = useMailingListsQuery(project);
  return useMemo(() => {
    const byId = new Map((lists.data ?? []).map((list) => [list.id, list.name]));
    return { list: (id) => byId.get(id), draft: () => undefined };
  }, [lists.data]);
}
