import { ApiError } from '@wharf/client';
import type { DriveFile } from '@wharf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { useTokens } from '../../accounts/use-auth';
import { errorMessage } from '../../forms/form-errors';
import { sendBytes, UploadCancelled } from '../send-bytes';
import { refreshDrive } from './cache';

/** How many files go up side by side; the rest wait their turn. */
export const PARALLEL_UPLOADS = 3;

/** What the browser does not name is sent as bytes; the server reads the real type from them. */
const UNKNOWN_TYPE = 'application/octet-stream';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface Upload {
  /** This upload's own key (the same file may be dropped twice). */
  key: string;
  file: File;
  status: UploadStatus;
  /** Bytes sent so far. */
  sent: number;
  /** Why it failed, in the person's words. */
  error?: string;
  /** The file as the drive keeps it, once uploaded. */
  result?: DriveFile;
}

/**
 * The server's own words. The client turns a full stop between word characters into a space (SPEC.md
 * section 8, for messages such as "user.email is required"), which would make "3.0 MB" read "3 0 MB".
 */
function serverWords(error: ApiError): string {
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : error.message;
}

/** Why an upload failed, said so that the person knows what to do. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'QUOTA_EXCEEDED':
        return `Not enough space. ${serverWords(error)}`;
      case 'TYPE_MISMATCH':
        return `Not what its type says. ${serverWords(error)}`;
      case 'SIZE_MISMATCH':
        return `The file changed while it was sent. ${serverWords(error)}`;
    }
    if (error.status === 0) return 'The upload was interrupted. Check your connection and try again.';
  }
  return errorMessage(error);
}

let counter = 0;
const nextKey = () => `upload-${++counter}`;

/**
 * Uploads files to the project's drive, several at once, each with its own progress:
 * `POST /v1/drive/files` declares the file (name, type, size; 413 QUOTA_EXCEEDED when it cannot
 * fit), then its bytes go to the address the answer gives, by XMLHttpRequest for the progress
 * (send-bytes.ts). When the bytes are refused, the record made for them is deleted again, so no
 * empty file is left behind. After each upload the lists and the usage are asked again.
 */
export function useUploadFiles(project: string) {
  const client = useApiClient();
  const tokens = useTokens();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  // The queue lives outside React state: uploads start from events and from each other's ends.
  const files = useRef(new Map<string, File>());
  const waiting = useRef<string[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, changes: Partial<Upload>) => {
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)));
  }, []);

  const run = useCallback(
    async (key: string, file: File, controller: AbortController) => {
      let created: string | undefined;
      try {
        const answer = await client.createFile(
          {
            project,
            createFileRequest: { name: file.name, type: file.type || UNKNOWN_TYPE, size: file.size },
          },
          { signal: controller.signal },
        );
        created = answer.file.id;
        const result = await sendBytes({
          url: answer.upload.url,
          headers: answer.upload.headers,
          token: await tokens.getToken(),
          bytes: file,
          signal: controller.signal,
          onProgress: (sent) => patch(key, { sent }),
        });
        patch(key, { status: 'done', sent: file.size, result });
      } catch (error) {
        if (created) {
          // A record without its bytes is only in the way (a failure here leaves it, pending, to delete).
          await client.deleteFile({ project, file: created }).catch(() => undefined);
        }
        const cancelled = error instanceof UploadCancelled || controller.signal.aborted;
        patch(key, cancelled ? { status: 'cancelled' } : { status: 'failed', error: uploadErrorMessage(error) });
      }
    },
    [client, tokens, project, patch],
  );

  // Starts waiting uploads while fewer than PARALLEL_UPLOADS are on their way.
  const pump = useCallback(() => {
    function startNext() {
      while (controllers.current.size < PARALLEL_UPLOADS && waiting.current.length > 0) {
        const key = waiting.current.shift()!;
        const file = files.current.get(key);
        if (!file) continue;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        patch(key, { status: 'uploading', sent: 0 });
        void run(key, file, controller).finally(() => {
          controllers.current.delete(key);
          void refreshDrive(queryClient, project);
          startNext();
        });
      }
    }
    startNext();
  }, [run, patch, queryClient, project]);

  // Leaving the page stops what is still going up.
  useEffect(() => {
    const running = controllers.current;
    const queue = waiting.current;
    return () => {
      queue.length = 0;
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return {
    uploads,
    /** Queues files (from the picker or a drop); they start at once while there is room. */
    add: useCallback(
      (picked: Iterable<File>) => {
        const added = [...picked].map((file): Upload => ({ key: nextKey(), file, status: 'waiting', sent: 0 }));
        if (added.length === 0) return;
        for (const upload of added) {
          files.current.set(upload.key, upload.file);
          waiting.current.push(upload.key);
        }
        setUploads((list) => [...list, ...added]);
        pump();
      },
      [pump],
    ),
    /** Tries a failed or cancelled upload again. */
    retry: useCallback(
      (key: string) => {
        if (!files.current.has(key) || controllers.current.has(key) || waiting.current.includes(key)) return;
        patch(key, { status: 'waiting', sent: 0, error: undefined, result: undefined });
        waiting.current.push(key);
        pump();
      },
      [patch, pump],
    ),
    /** Stops an upload on its way, or one still waiting. */
    cancel: useCallback(
      (key: string) => {
        const controller = controllers.current.get(key);
        if (controller) {
          controller.abort();
          return;
        }
        waiting.current = waiting.current.filter((k) => k !== key);
        patch(key, { status: 'cancelled' });
      },
      [patch],
    ),
    /** Takes finished uploads (done, failed, cancelled) off the list. */
    clearFinished: useCallback(() => {
      setUploads((list) => {
        const kept = list.filter((u) => u.status === 'waiting' || u.status === 'uploading');
        for (const upload of list) if (!kept.includes(upload)) files.current.delete(upload.key);
        return kept;
      });
    }, []),
  };
}
