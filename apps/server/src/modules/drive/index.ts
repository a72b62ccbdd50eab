import type { Readable } from 'node:stream';
import type { Executor } from '../../core/db/database.js';
import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { integrationsModule } from '../integrations/index.js';
import type { projectsModule } from '../projects/index.js';
import { driveAdminHandlers } from './admin-handlers.js';
import { driveHandlers } from './handlers.js';
import { fileCards, imageCards, type ImageCard } from './file-cards.js';
import { saveGenerated, type GeneratedFile } from './generated-files.js';
import { ServedTally } from './metrics.js';
import { registerPendingExpiry, schedulePendingExpiry } from './pending.js';
import { DELETE_OBJECT_QUEUE, projectPrefix, registerObjectDeletion } from './objects.js';
import { fileCount } from './usage.js';
import { previewLinker } from './variants.js';

/** Files of a project: records and bytes, metadata and search, the change feed (issue 20). */
/** How often a process adds what it served to the day's counters. */
const METRICS_FLUSH_MS = 5_000;

export const driveModule = defineModule<
  'drive',
  {
    flushMetrics(): Promise<void>;
    files: {
      cards: typeof fileCards;
      /** The cards of a project's files with their preview links (a review's photos): file-cards.ts. */
      imageCards(db: Executor, projectId: string, ids: readonly string[]): Promise<ImageCard[]>;
      /** Keeps a file another module generated (an export) in the project's drive: generated-files.ts. */
      saveGenerated(file: GeneratedFile, body: Readable): Promise<{ fileId: string; size: number }>;
      /** Whether the project has the Drive module, so it can keep (and show) a file. */
      installed(projectId: string): Promise<boolean>;
    };
  },
  { projects: ServiceOf<typeof projectsModule>; integrations: ServiceOf<ReturnType<typeof integrationsModule>> }
>({
  name: 'drive',
  needs: ['projects', 'integrations'],
  setup: async ({ db, clock, storage, answers, jobs, secret, log, onClose }, { projects, integrations }) => {
    registerObjectDeletion(jobs, storage);
    registerPendingExpiry(jobs, { db, clock });
    await schedulePendingExpiry(jobs, clock);
    // A project's bytes go once its deletion has committed; its rows go with it (foreign keys).
    projects.deleting.add(async (tx, projectId) => {
      await jobs.enqueue(tx, DELETE_OBJECT_QUEUE, { prefix: projectPrefix(projectId) });
      return { files: await fileCount(tx, projectId) };
    });
    const hasDrive = (projectId: string) => integrations.hasModule(db, projectId, 'drive');
    const linkSecret = await secret('drive-link-hmac');
    // What this process served goes to the day's counters every few seconds, and once more at close.
    const tally = new ServedTally();
    const flushMetrics = () => tally.flush(db);
    const flushing = setInterval(
      () => flushMetrics().catch((error) => log('could not count drive use', error)),
      METRICS_FLUSH_MS,
    );
    flushing.unref();
    onClose(async () => {
      clearInterval(flushing);
      await flushMetrics().catch((error) => log('could not count drive use', error));
    });
    return {
      handlers: {
        ...driveHandlers({ db, clock, storage, answers, jobs, linkSecret, tally, hasDrive }),
        ...driveAdminHandlers({ db, clock, flushMetrics }),
      },
      service: {
        flushMetrics,
        files: {
          cards: fileCards,
          imageCards: (executor, projectId, ids) =>
            imageCards(executor, projectId, ids, previewLinker(linkSecret, clock.now())),
          saveGenerated: (file, body) => saveGenerated({ db, clock, storage, hasDrive }, file, body),
          installed: hasDrive,
        },
      },
    };
  },
});
