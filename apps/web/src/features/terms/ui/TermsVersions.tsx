import type { Terms } from '@wharf/contract';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Popup } from '../../../ui/Popup';
import { Badge } from '../../accounts/ui/SettingsSection';
import { BlogContent } from '../../blog/ui/BlogContent';
import { TERMS_POPUP_MAX_WIDTH } from '../constants';
import { formatTermsDate, lastUpdatedText } from '../format';

/** The saved versions, newest first; the first is the one people are asked to accept. */
export function TermsVersions({ versions }: { versions: Terms[] }) {
  const [viewing, setViewing] = useState<Terms | null>(null);
  if (versions.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border px-5 py-10 text-center text-sm text-muted">
        No terms yet: nobody is asked to accept any until the first version is saved.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Versions, newest first" className="divide-y divide-border rounded-xl border border-border">
        {versions.map((terms, index) => (
          <li key={terms.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:flex-nowrap">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                <span>Version {terms.version}</span>
                {index === 0 && <Badge tone="success">Active</Badge>}
              </p>
              <p className="mt-0.5 truncate text-sm text-muted">
                {terms.title} · <time dateTime={terms.updatedAt}>{formatTermsDate(terms.updatedAt)}</time>
              </p>
            </div>
            <Button
              variant="secondary"
              size="small"
              onClick={() => setViewing(terms)}
              aria-label={`View version ${terms.version}`}
            >
              View
            </Button>
          </li>
        ))}
      </ul>
      <Popup
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title={viewing ? `${viewing.title} (version ${viewing.version})` : ''}
        description={viewing ? lastUpdatedText(viewing.updatedAt) : undefined}
        maxWidth={TERMS_POPUP_MAX_WIDTH}
      >
        {viewing && <BlogContent html={viewing.content} className="max-w-none" />}
      </Popup>
    </>
  );
}
