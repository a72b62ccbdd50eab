import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { canShowOriginal } from '../file-kinds';
import { useObjectUrl } from '../object-url';
import { driveKeys } from './keys';
import type { DriveFileView } from './types';

/**
 * `GET /v1/drive/files/{file}` for an image the server has no preview of yet (`preview` null), as an
 * object URL to show it with, once `wanted` (in view). Only raster images of a modest size are
 * fetched (file-kinds.ts canShowOriginal); otherwise, and until the bytes are in, undefined.
 */
export function useOriginalImage(project: string, file: DriveFileView & { version: number }, wanted: boolean) {
  const client = useApiClient();
  const enabled = wanted && file.preview === null && canShowOriginal(file);
  const bytes = useQuery({
    queryKey: driveKeys.original(project, file.id, file.version),
    queryFn: ({ signal }) => client.getFile({ project, file: file.id }, { signal }),
    enabled,
    // A version's bytes never change.
    staleTime: Infinity,
    gcTime: 60_000,
  });
  return useObjectUrl(enabled ? bytes.data : undefined);
}
