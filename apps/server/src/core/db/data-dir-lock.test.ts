import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  it('takes the folder, and gives it back on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wharf-lock-'));
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'wharf.pid'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'wharf.pid'))).toBe(false);
  });

  it('refuses a folder a live process holds', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wharf-lock-'));
    // The parent of this test process is alive and is not us.
    writeFileSync(path.join(dir, 'wharf.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/Another Wharf process \(pid \d+\) is using/);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wharf-lock-'));
    writeFileSync(path.join(dir, 'wharf.pid'), '2147483646');
    expect(() => lockDataDir(dir)()).not.toThrow();
  });
});
