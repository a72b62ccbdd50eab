import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's at a time: a second process opening it would corrupt it.
 * Returns the release function; throws with a clear message when a live process holds the folder.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'wharf.pid');
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(lockFile, 'utf8').trim());
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `Another Wharf process (pid ${holder}) is using ${path.resolve(dataDir)}. Stop it first, or set DATABASE_URL.`,
    );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}
