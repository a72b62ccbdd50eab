import type { Terms } from '@wharf/contract';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Popup } from '../../../ui/Popup';
import { Spinner } from '../../../ui/Spinner';
import { BlogContent } from '../../blog/ui/BlogContent';
import { TERMS_ACCEPT_LABEL, TERMS_AGREE_LABEL, TERMS_POPUP_MAX_WIDTH } from '../constants';
import { lastUpdatedText } from '../format';

export interface TermsPopupProps {
  terms: Pick<Terms, 'title' | 'content' | 'updatedAt'>;
  onAccept: () => void;
  /** The acceptance is on its way: Accept waits. */
  accepting: boolean;
}

/**
 * SPEC.md section 2 "Terms popup": the terms' title, content and date, the agreement box and Accept,
 * which stays disabled until the box is ticked (section 5). Accepting is the only way out: no close
 * button, Escape or backdrop press closes it.
 */
export function TermsPopup({ terms, onAccept, accepting }: TermsPopupProps) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Popup
      open
      title={terms.title}
      description={lastUpdatedText(terms.updatedAt)}
      dismissible={false}
      closeOnBackdrop={false}
      maxWidth={TERMS_POPUP_MAX_WIDTH}
      closeButton={false}
      footer={
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Checkbox
            label={TERMS_AGREE_LABEL}
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            disabled={accepting}
          />
          <Button
            onClick={onAccept}
            disabled={!agreed || accepting}
            aria-busy={accepting || undefined}
            className="w-full sm:w-auto"
          >
            {accepting && <Spinner className="size-4! border-2! border-current/30! border-t-current!" />}
            {TERMS_ACCEPT_LABEL}
          </Button>
        </div>
      }
    >
      {/* Sanitised by the server on every save (apps/server/src/modules/terms); set as a post is. */}
      <BlogContent html={terms.content} className="max-w-none" />
    </Popup>
  );
}
