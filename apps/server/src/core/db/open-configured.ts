import type { Config } from '../../config.js';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from './database.js';

/** The database the configuration names, migrated; the embedded one is locked to this process. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    const handle = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
    await handle.migrate();
    return handle;
  }
  const unlock = lockDataDir(config.DATA_DIR);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
    await handle.migrate();
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
