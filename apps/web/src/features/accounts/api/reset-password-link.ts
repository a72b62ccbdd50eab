import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

export const resetPasswordLinkKeys = {
  all: ['reset-password-link'] as const,
  detail: (token: string) => [...resetPasswordLinkKeys.all, token] as const,
};

/** `GET /reset-password/{token}`: the link's email, or 404 when it expired or was used. */
export function useResetPasswordLinkQuery(token: string | undefined) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: resetPasswordLinkKeys.detail(token ?? ''),
      queryFn: ({ signal }) => client.getResetPassword({ resetPasswordToken: token ?? '' }, { signal }),
      enabled: token !== undefined,
      staleTime: Infinity,
      retry: false,
    }),
  );
}
