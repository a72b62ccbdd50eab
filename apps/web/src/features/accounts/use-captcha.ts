import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { CaptchaUnsupportedError, solveCaptcha } from './captcha';

export type CaptchaStatus = 'idle' | 'solving' | 'ready' | 'unsupported' | 'failed';

export interface Captcha {
  status: CaptchaStatus;
  /** Share of the search space tried (0..1) while solving. */
  progress: number;
  /** A solution for one submission: the ready one, or the one being solved, or a new one. */
  take: () => Promise<string>;
  /** Try again after a failure. */
  retry: () => void;
}

/**
 * A captcha solution for a form (SPEC.md section 7: `g-recaptcha-response`). With `eager` the work
 * starts when the form mounts, so it is usually done before the user presses submit; each
 * solution is used once, and the next is solved in the background as soon as one is taken.
 * Query-backed, so React's double mount in development does not solve twice.
 */
export function useCaptcha({ eager }: { eager: boolean }): Captcha {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const id = useId();
  const [round, setRound] = useState(0);
  const [progress, setProgress] = useState(0);

  const options = queryOptions({
    queryKey: ['captcha', id, round] as const,
    queryFn: ({ signal }) => solveCaptcha(client, { signal, onProgress: setProgress }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const query = useQuery({ ...options, enabled: eager });

  const take = useCallback(async () => {
    const token = await queryClient.fetchQuery(options);
    setProgress(0);
    setRound((r) => r + 1);
    return token;
    // `options` is rebuilt each render from these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, client, id, round]);

  let status: CaptchaStatus = 'idle';
  if (query.fetchStatus === 'fetching') status = 'solving';
  else if (query.isSuccess) status = 'ready';
  else if (query.error instanceof CaptchaUnsupportedError) status = 'unsupported';
  else if (query.isError) status = 'failed';

  return { status, progress, take, retry: () => void query.refetch() };
}
