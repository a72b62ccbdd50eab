import type { Terms, User } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { sessionKeys } from '../../accounts/api/session';
import { nudge } from '../../toasts/toasts';
import { TERMS_MESSAGES } from '../constants';
import { withSigned } from '../signed';

/**
 * `POST /omnis/v3/platform/{id}/activeTerms?termsId=…` (session; empty body): signs the terms. The
 * signed list joins the cached user at once, so the popup goes and stays gone; the server keeps it
 * for the next load. Either outcome is nudged (SPEC.md section 8).
 */
export function useSignTermsMutation(platformId: string, project: string | undefined) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: Pick<Terms, 'id' | 'version'>) =>
      client.signActiveTerms({ id: platformId, termsId: terms.id, ...(project ? { project } : {}) }),
    onSuccess: (answer, terms) => {
      queryClient.setQueryData<User | null>(sessionKeys.user(), (user) =>
        user
          ? {
              ...user,
              signedPlatformTermsLogs: withSigned(
                answer?.signedPlatformTermsLogs ?? user.signedPlatformTermsLogs,
                terms,
              ),
            }
          : user,
      );
      nudge({ message: TERMS_MESSAGES.accepted, level: 'success' });
    },
    onError: () => {
      nudge({ message: TERMS_MESSAGES.failed, level: 'danger' });
    },
  });
}
