import type { User } from '@wharf/contract';
import { useContext } from 'react';
import { PlatformContext } from '../../app/platform';
import { useShellProject } from '../header/use-shell-project';
import { useActiveTermsQuery } from './api/active-terms';
import { useSignTermsMutation } from './api/sign-terms';
import { needsSigning } from './signed';
import { TermsPopup } from './ui/TermsPopup';

/**
 * SPEC.md section 4 "Terms": once someone is signed in, the platform's latest terms for the current
 * project are fetched, and the popup stands in front of the console until they sign that id and
 * version. Signing adds the entry to the cached user, which takes the popup away.
 */
export function TermsGate({ user }: { user: Pick<User, 'signedPlatformTermsLogs'> }) {
  const platform = useContext(PlatformContext);
  const { projectId } = useShellProject();
  const platformId = platform?.id ?? '';
  const active = useActiveTermsQuery(platformId, projectId, Boolean(platform));
  const sign = useSignTermsMutation(platformId, projectId);

  const terms = active.data;
  if (!terms || !needsSigning(terms, user.signedPlatformTermsLogs)) return null;

  // Keyed by version: a newer version while the popup is open starts unticked.
  return (
    <TermsPopup
      key={`${terms.id}:${terms.version}`}
      terms={terms}
      onAccept={() => sign.mutate(terms)}
      accepting={sign.isPending}
    />
  );
}
