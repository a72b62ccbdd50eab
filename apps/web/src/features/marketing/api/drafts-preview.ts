import type { PreviewDraftRequest } from '@wharf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { useDebouncedValue } from '../../lists/use-debounced-value';
import { marketingKeys } from './keys';

export type DraftPreview = ResultOf<'previewDraft'>;

/** How long the editor waits after a keystroke before rendering the preview again. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * `POST /v1/mail/drafts/preview` (mail.read): the draft as it is being edited, rendered in the mail
 * layout once typing pauses. The last good preview stays on screen while the next loads, and while
 * a template does not parse (the error is the query's, shown under its field).
 */
export function useDraftPreview(project: string, content: PreviewDraftRequest) {
  const client = useApiClient();
  // Debounced as text: a new object each render would never settle.
  const settled = useDebouncedValue(JSON.stringify(content), PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: [...marketingKeys.drafts(project), 'preview', settled],
    queryFn: ({ signal }) =>
      client.previewDraft({ project, previewDraftRequest: JSON.parse(settled) as PreviewDraftRequest }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
  // The last preview that rendered: a failed one (a template being typed) keeps it on screen.
  const [lastGood, setLastGood] = useState<DraftPreview | undefined>(undefined);
  if (query.data && query.data !== lastGood) setLastGood(query.data);
  return { query, shown: query.data ?? lastGood };
}
