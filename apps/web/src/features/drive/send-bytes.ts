import { apiErrorFromBody, transportError, type ApiError } from '@wharf/client';
import type { DriveFile } from '@wharf/contract';

export interface SendBytesOptions {
  /** Where createFile said to send them (`upload.url`, same origin). */
  url: string;
  /** And with which headers (`upload.headers`). */
  headers: Record<string, string>;
  /** The service API's bearer token (the token store's, as the API client sends it). */
  token: string;
  bytes: Blob;
  /** Bytes sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** The request to use; a new XMLHttpRequest unless given (tests). */
  request?: () => XMLHttpRequest;
}

/** The upload was cancelled (its signal aborted). */
export class UploadCancelled extends Error {
  override readonly name = 'UploadCancelled';
  constructor() {
    super('The upload was cancelled.');
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `POST /v1/drive/files/{file}` with a file's bytes. An XMLHttpRequest rather than the client's
 * fetch: only it reports how much of the body has gone (`upload.onprogress`), which the progress
 * bars show. Failures come back as the client's ApiError (SIZE_MISMATCH, TYPE_MISMATCH,
 * QUOTA_EXCEEDED with the server's message; AXIOS_ERROR when no answer came).
 */
export function sendBytes(options: SendBytesOptions): Promise<DriveFile> {
  return new Promise<DriveFile>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = options.request?.() ?? new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.open('POST', options.url);
    for (const [name, value] of Object.entries(options.headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('authorization', `Bearer ${options.token}`);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : options.bytes.size);
    };
    xhr.onload = () => {
      done();
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(options.bytes.size, options.bytes.size);
        resolve(body as DriveFile);
      } else {
        reject(apiErrorFromBody(xhr.status, body) satisfies ApiError);
      }
    };
    xhr.onerror = () => {
      done();
      reject(transportError(new Error('Network Error')));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCancelled());
    };
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(options.bytes);
  });
}
