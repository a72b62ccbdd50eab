import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalObjectStore } from './local-store.js';
import type { ObjectStore } from './object-store.js';
import { S3ObjectStore } from './s3-store.js';

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The object store the configuration names: the S3-compatible store at S3_ENDPOINT when it is set,
 * else files under DATA_DIR/files. Opening touches nothing (no folder made, no request sent).
 */
export function openObjectStore(
  config: StorageConfig,
  options: { log?: (message: string, details?: unknown) => void } = {},
): ObjectStore {
  if (!config.S3_ENDPOINT) return new LocalObjectStore(path.join(config.DATA_DIR, 'files'));
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  // config.ts refuses to start without these; this only tells TypeScript.
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new Error('S3_ENDPOINT needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return new S3ObjectStore({
    endpoint: config.S3_ENDPOINT,
    bucket,
    region: config.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    log: options.log,
  });
}
