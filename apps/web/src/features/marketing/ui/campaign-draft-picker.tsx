import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pathOf } from '../../../app/navigation';
import { SelectField } from '../../../ui/SelectField';
import { linkClass } from '../../storefront/ui/link-class';
import { useDraftsQuery } from '../api/drafts';

/**
 * The project's drafts, every page of them: a picker must offer them all, and a shop has tens of
 * drafts, not thousands.
 */
export function useAllDrafts(project: string) {
  const drafts = useDraftsQuery(project, '');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = drafts;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { drafts: drafts.data?.pages.flatMap((page) => page.items) ?? [], loading: drafts.isPending };
}

/**
 * Which draft a campaign sends, with a link to edit the chosen one. A chosen draft that is not in
 * the list (yet) still shows by the name the campaign gives it.
 */
export function CampaignDraftPicker({
  project,
  value,
  current,
  onChange,
  error,
  disabled = false,
}: {
  project: string;
  value: string | null;
  /** The campaign's draft as it names it, shown even before the drafts load. */
  current?: { id: string; name: string } | null | undefined;
  onChange: (draftId: string | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { drafts, loading } = useAllDrafts(project);
  const options = drafts.map((draft) => ({ id: draft.id, name: draft.name }));
  if (current && !options.some((option) => option.id === current.id)) options.unshift(current);
  return (
    <SelectField
      label="Draft"
      hint={
        value ? (
          <Link to={pathOf('marketing.drafts.view', { draftId: value })} search={{ project }} className={linkClass}>
            Edit this draft
          </Link>
        ) : loading ? (
          'Loading drafts…'
        ) : drafts.length === 0 ? (
          <>
            No drafts yet:{' '}
            <Link to={pathOf('marketing.drafts')} search={{ project }} className={linkClass}>
              write one
            </Link>
            .
          </>
        ) : (
          'The mail this campaign sends.'
        )
      }
      error={error}
      disabled={disabled}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">No draft yet</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}
