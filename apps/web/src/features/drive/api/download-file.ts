import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { saveBlob } from '../../billing/download';
import type { DriveFile } from './types';

/**
 * `GET /v1/drive/files/{file}`, saved under the file's name. A link cannot carry the bearer token,
 * so the bytes come through the client and are handed to the browser as a download.
 */
export function useDownloadFile(project: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (file: Pick<DriveFile, 'id' | 'name'>) => {
      saveBlob(await client.getFile({ project, file: file.id }), file.name);
    },
  });
}
