import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp } from '../../test/app.js';
import { LocalObjectStore } from './local-store.js';
import { openObjectStore } from './open-object-store.js';
import { S3ObjectStore } from './s3-store.js';

const s3Settings = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'wharf-files',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('openObjectStore', () => {
  it('keeps files under DATA_DIR/files without S3_ENDPOINT', async () => {
    const store = openObjectStore(loadConfig({ DATA_DIR: '/srv/wharf-data' }));
    expect(store).toBeInstanceOf(LocalObjectStore);
    expect(store.kind).toBe('local');
    expect((store as LocalObjectStore).root).toBe(path.resolve('/srv/wharf-data/files'));
    await store.close();
  });

  it('resolves a relative DATA_DIR (the default ./data) once, when it opens', async () => {
    const store = openObjectStore(loadConfig({})) as LocalObjectStore;
    expect(store.root).toBe(path.resolve('data', 'files'));
    await store.close();
  });

  it('uses the S3-compatible store when S3_ENDPOINT is set', async () => {
    const config = loadConfig(s3Settings);
    expect(config.S3_REGION).toBe('us-east-1');
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
    const store = openObjectStore(config);
    expect(store).toBeInstanceOf(S3ObjectStore);
    expect(store.kind).toBe('s3');
    expect((store as S3ObjectStore).bucket).toBe('wharf-files');
    await store.close();
  });
});

describe('the object store settings', () => {
  it('refuse to start with S3_ENDPOINT but no bucket or keys, naming each one missing', () => {
    const attempt = () => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/S3_BUCKET: S3_ENDPOINT needs S3_BUCKET/);
    expect(attempt).toThrow(/S3_ACCESS_KEY_ID: S3_ENDPOINT needs S3_ACCESS_KEY_ID/);
    expect(attempt).toThrow(/S3_SECRET_ACCESS_KEY: S3_ENDPOINT needs S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3Settings, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('refuse an endpoint that is not an address, and read the path-style flag', () => {
    expect(() => loadConfig({ ...s3Settings, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: Give the address with its scheme/,
    );
    expect(() => loadConfig({ ...s3Settings, S3_ENDPOINT: 'not an address' })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({ ...s3Settings, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('need nothing without S3_ENDPOINT, and name other problems beside the missing keys', () => {
    expect(() => loadConfig({ S3_BUCKET: 'left-over' })).not.toThrow();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('test apps', () => {
  it('keep their files in a temporary DATA_DIR of their own, removed when they close', async () => {
    const t = await createTestApp();
    const other = await createTestApp();
    try {
      expect(t.config.DATA_DIR.startsWith(tmpdir())).toBe(true);
      expect(t.config.DATA_DIR).not.toBe(other.config.DATA_DIR);
      const store = openObjectStore(t.config);
      await store.put('projects/p1/files/f1/1', Readable.from([Buffer.from('x')]));
      expect(existsSync(path.join(t.config.DATA_DIR, 'files', 'projects', 'p1', 'files', 'f1', '1'))).toBe(true);
    } finally {
      await t.close();
      await other.close();
    }
    expect(existsSync(t.config.DATA_DIR)).toBe(false);
  });
});
