import { ApiError } from '@wharf/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { driveFileFixture, FakeXhr } from './drive-fixtures';
import { uploadErrorMessage } from './api/upload-files';
import { sendBytes, UploadCancelled } from './send-bytes';

afterEach(() => vi.unstubAllGlobals());

const request = () => {
  FakeXhr.install(vi.stubGlobal, undefined, false);
  return () => new XMLHttpRequest();
};

describe('sending a file’s bytes (XMLHttpRequest, for the progress)', () => {
  it('posts the bytes with the bearer token and the upload’s headers, and reports progress', async () => {
    const progress: [number, number][] = [];
    const bytes = new Blob([new Uint8Array(1000)]);
    const sent = sendBytes({
      url: '/v1/drive/files/f1?project=p1',
      headers: { 'content-type': 'application/octet-stream' },
      token: 'tok-1',
      bytes,
      onProgress: (loaded, total) => progress.push([loaded, total]),
      request: request(),
    });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/v1/drive/files/f1?project=p1');
    expect(xhr.headers).toEqual({
      'content-type': 'application/octet-stream',
      accept: 'application/json',
      authorization: 'Bearer tok-1',
    });
    expect(xhr.body).toBe(bytes);
    xhr.progress(400);
    const file = driveFileFixture(1);
    xhr.respond(200, file);
    await expect(sent).resolves.toEqual(file);
    expect(progress).toEqual([
      [400, 1000],
      [1000, 1000],
    ]);
  });

  it('fails with the server’s code and words', async () => {
    const sent = sendBytes({ url: '/u', headers: {}, token: 't', bytes: new Blob(['x']), request: request() });
    FakeXhr.sent[0]!.respond(413, {
      code: 'QUOTA_EXCEEDED',
      message: 'This file needs 3.0 MB but the project has 1.0 MB left in its drive.',
    });
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'QUOTA_EXCEEDED' });
    // The whole answer is kept: the upload list shows its message as written (upload-files.ts).
    expect(uploadErrorMessage(error)).toBe(
      'Not enough space. This file needs 3.0 MB but the project has 1.0 MB left in its drive.',
    );
  });

  it('fails as a transport error when no answer comes, and as cancelled when aborted', async () => {
    const lost = sendBytes({ url: '/u', headers: {}, token: 't', bytes: new Blob(['x']), request: request() });
    FakeXhr.sent[0]!.fail();
    await expect(lost).rejects.toMatchObject({ code: 'AXIOS_ERROR', status: 0 });

    const controller = new AbortController();
    const stopped = sendBytes({
      url: '/u',
      headers: {},
      token: 't',
      bytes: new Blob(['x']),
      signal: controller.signal,
      request: request(),
    });
    controller.abort();
    await expect(stopped).rejects.toBeInstanceOf(UploadCancelled);
    expect(FakeXhr.sent[0]!.aborted).toBe(true);

    await expect(
      sendBytes({ url: '/u', headers: {}, token: 't', bytes: new Blob(['x']), signal: controller.signal }),
    ).rejects.toBeInstanceOf(UploadCancelled);
  });
});
