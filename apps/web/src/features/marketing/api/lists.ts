import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { marketingKeys } from './keys';

export type MailingList = ResultOf<'getMailingList'>;

/** `GET /v1/mail/mailing-lists` (mail.read): every list of the project by name, with its counts. */
export function useMailingListsQuery(project: string, options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: marketingKeys.listList(project),
    queryFn: ({ signal }) => client.listMailingLists({ project }, { signal }),
    select: (answer) => answer.items,
    enabled: options.enabled ?? true,
  });
}
