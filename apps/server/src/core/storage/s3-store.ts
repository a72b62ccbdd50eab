import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertObjectKey, assertRange, ObjectNotFound, type ObjectStore, type PutOptions } from './object-store.js';

/** The drive's storage classes as S3 names them. */
const S3_CLASSES = { standard: 'STANDARD', infrequent: 'STANDARD_IA' } as const;

export interface S3StoreOptions {
  /** The server's address (`https://s3.eu-west-1.amazonaws.com`, `http://minio:9000`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what most self-hosted servers want. */
  forcePathStyle: boolean;
  /** Bytes of one multipart part; at least 5 MiB (S3's smallest part). Default 5 MiB. */
  partSize?: number;
  /** Parts uploaded at once. A put holds at most `queueSize` parts in memory, plus the one being filled. Default 2. */
  queueSize?: number;
  /** Where trouble that is not the caller's goes (an abort the server refused). */
  log?: (message: string, details?: unknown) => void;
}

/** The server has no object (NoSuchKey on GET, a bare 404 on HEAD); a missing bucket is not that. */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/**
 * Objects in a bucket of any S3-protocol server (AWS, MinIO, Garage, Ceph…), through the official
 * SDK. A put is a streaming multipart upload (`@aws-sdk/lib-storage`), so a body of unknown length
 * is never held whole: at most `queueSize` parts are in memory at once.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly log: (message: string, details?: unknown) => void;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 5 * 1024 * 1024;
    this.queueSize = options.queueSize ?? 2;
    this.log = options.log ?? (() => undefined);
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      forcePathStyle: options.forcePathStyle,
      // Since 3.729 the SDK adds CRC32 checksums to every upload (and asks for them on every download)
      // by default; S3-protocol servers other than AWS have refused or mishandled those headers.
      // WHEN_REQUIRED sends a checksum only where the API demands one (DeleteObjects), as the SDK did
      // before 3.729, which AWS accepts too (decision 029).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, options?: PutOptions): Promise<void> {
    assertObjectKey(key);
    // lib-storage aborts the multipart upload when anything fails (leavePartsOnError: false), but if
    // that abort fails too, the abort's error replaces the body's. The caller must still learn why
    // its put failed (a size check, a client gone), so the body's own error is kept here.
    let bodyError: unknown;
    const noteBodyError = (error: unknown) => {
      bodyError ??= error;
    };
    body.on('error', noteBodyError);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ...(options?.contentType ? { ContentType: options.contentType } : {}),
        ...(options?.storageClass ? { StorageClass: S3_CLASSES[options.storageClass] } : {}),
      },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (!body.destroyed) body.destroy();
      if (bodyError !== undefined && error !== bodyError) {
        // What failed after the body did: the abort (or a part in flight). Parts may be left behind
        // for the bucket's lifecycle rule (AbortIncompleteMultipartUpload) to remove.
        this.log(`object store: the failed upload of ${key} could not be cleaned up`, error);
      }
      throw bodyError ?? error;
    } finally {
      body.off('error', noteBodyError);
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertObjectKey(key);
    if (range) assertRange(range);
    return (await this.getObject(key, range)).stream;
  }

  async getWithSize(key: string): Promise<{ size: number; stream: Readable } | undefined> {
    assertObjectKey(key);
    let found;
    try {
      found = await this.getObject(key);
    } catch (error) {
      if (error instanceof ObjectNotFound) return undefined;
      throw error;
    }
    const { size, stream } = found;
    if (size === undefined) {
      stream.destroy();
      throw new Error(`The object store answered ${key} without its length`);
    }
    return { size, stream };
  }

  /** One GetObject: its body, and its length as the server gave it (the range's when one is asked). */
  private async getObject(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ size: number | undefined; stream: Readable }> {
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isMissingObject(error)) throw new ObjectNotFound(key);
      throw error;
    }
    // In Node the body is the HTTP response itself, a Readable.
    if (!(answer.Body instanceof Readable)) throw new Error(`The object store answered ${key} without a body`);
    return { size: answer.ContentLength, stream: answer.Body };
  }

  async size(key: string): Promise<number | undefined> {
    assertObjectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    // S3 answers 204 whether or not there was an object: deleting is idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertObjectKey(prefix);
    await this.delete(prefix);
    // One listing page (at most 1000 keys) is one DeleteObjects call (at most 1000 keys).
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: `${prefix}/` });
    for await (const page of pages) {
      const objects = (page.Contents ?? []).flatMap((entry) => (entry.Key ? [{ Key: entry.Key }] : []));
      if (objects.length === 0) continue;
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0]!;
        throw new Error(
          `Could not delete ${failed.length} objects under ${prefix}, first ${first.Key}: ${first.Code} ${first.Message}`,
        );
      }
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
