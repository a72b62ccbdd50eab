import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../forms/form-errors';
import { LoadError } from '../../../ui/ListStates';
import { ChannelSkeletons } from './Skeletons';

/**
 * What a list of channels shows before it has them: skeletons while they load, the reason (and a
 * retry) when they could not be. Nothing once they are there.
 */
export function ChannelsNotReady({
  channels,
  failedTitle = 'The conversations could not be loaded',
}: {
  channels: UseQueryResult<unknown>;
  failedTitle?: string;
}) {
  if (channels.isPending) return <ChannelSkeletons />;
  if (!channels.error) return null;
  return (
    <LoadError
      title={failedTitle}
      message={errorMessage(channels.error)}
      onRetry={() => void channels.refetch()}
      retrying={channels.isFetching}
    />
  );
}
