import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useRouteMeta } from '../../app/route-meta';
import { useSearchParam } from '../../app/search';

/**
 * SPEC.md section 2: `notification=true` in the query opens the panel, and is then removed from the
 * URL (replacing the entry, keeping the rest of the query). projects.switch passes it on to the page
 * it continues to, so it is left alone there.
 */
export function useOpenFromUrl(open: () => void): void {
  const flag = useSearchParam('notification');
  const route = useRouteMeta().name;
  const navigate = useNavigate();
  const asked = flag === 'true' && route !== 'projects.switch';
  const [handled, setHandled] = useState(false);

  // Opened while rendering (state that follows the URL), once per appearance of the flag.
  if (asked !== handled) {
    setHandled(asked);
    if (asked) open();
  }

  useEffect(() => {
    if (!asked) return;
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => {
        const { notification: _removed, ...rest } = previous;
        return rest;
      },
      replace: true,
    } as never);
  }, [asked, navigate]);
}
