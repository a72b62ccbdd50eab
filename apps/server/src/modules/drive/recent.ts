import { LRUCache } from 'lru-cache';
import type { KeptAnswers } from '../../core/http/kept-answers.js';
import type { FileRow } from './files.js';

/** Renderings kept in memory at most, in bytes, and the largest one kept (a bigger one is read from the store). */
const RENDERINGS_MAX_BYTES = 64 * 1024 ** 2;
const RENDERING_MAX_BYTES = 2 * 1024 ** 2;
/** How long a process trusts what it read of a public file (its row, whether its project has the drive). */
export const PUBLIC_FACTS_TTL_MS = 5_000;

/**
 * Renderings' bytes by their store key. The key names the file's version and the options, so what
 * it holds never goes stale: it is dropped only for room. A storefront's images are asked again and
 * again; this answers them without touching the store.
 */
export class RecentRenderings {
  private readonly bytes = new LRUCache<string, Buffer>({
    maxSize: RENDERINGS_MAX_BYTES,
    maxEntrySize: RENDERING_MAX_BYTES,
    sizeCalculation: (body) => body.length,
  });

  get(key: string): Buffer | undefined {
    return this.bytes.get(key);
  }

  keep(key: string, body: Buffer): void {
    if (body.length <= RENDERING_MAX_BYTES) this.bytes.set(key, body);
  }
}

export interface PublicFacts {
  hasDrive: boolean;
  /** The file's row, or null when there is none under this project. */
  file: FileRow | null;
}

/**
 * What the public route read of a file, trusted for a few seconds: strangers' requests (a
 * storefront's images) then cost no database work, and the answers made from it may be given again
 * from memory for as long (`KeptAnswers`, tagged with `tagOf`). A change made through this process is
 * seen at once (its handlers forget the file, and so its kept answers); one made through another
 * process within the TTL — a file made private, deleted or replaced. That is well inside what the
 * answers themselves allow: a public file is cached by browsers for an hour (a year for a versioned
 * link), a signed one until its link expires.
 */
export class RecentPublicFiles {
  private readonly facts = new LRUCache<string, PublicFacts>({ max: 10_000, ttl: PUBLIC_FACTS_TTL_MS });

  constructor(private readonly answers?: Pick<KeptAnswers, 'forget'>) {}

  /** The tag of a file's kept answers. */
  static tagOf(projectId: string, fileId: string): string {
    return `drive:${projectId}/${fileId}`;
  }

  async read(projectId: string, fileId: string, load: () => Promise<PublicFacts>): Promise<PublicFacts> {
    const key = `${projectId}/${fileId}`;
    const known = this.facts.get(key);
    if (known) return known;
    const loaded = await load();
    this.facts.set(key, loaded);
    return loaded;
  }

  /** For how many more milliseconds what was read of the file is trusted (0 once it is not). */
  trustedFor(projectId: string, fileId: string): number {
    return Math.max(0, this.facts.getRemainingTTL(`${projectId}/${fileId}`));
  }

  forget(projectId: string, fileId: string): void {
    this.facts.delete(`${projectId}/${fileId}`);
    this.answers?.forget(RecentPublicFiles.tagOf(projectId, fileId));
  }
}
