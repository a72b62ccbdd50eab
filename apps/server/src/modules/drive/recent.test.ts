import { describe, expect, it } from 'vitest';
import { RecentPublicFiles, RecentRenderings } from './recent.js';

describe("the drive's memory of recent answers", () => {
  it('reads a public file once until it is forgotten, each file on its own', async () => {
    const recent = new RecentPublicFiles();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { hasDrive: true, file: null };
    };
    await recent.read('p', 'a', load);
    await recent.read('p', 'a', load);
    expect(loads).toBe(1);
    await recent.read('p', 'b', load);
    await recent.read('q', 'a', load);
    expect(loads).toBe(3);
    recent.forget('p', 'a');
    await recent.read('p', 'a', load);
    expect(loads).toBe(4);
  });

  it('keeps renderings up to their size bound, and none larger', () => {
    const recent = new RecentRenderings();
    recent.keep('small', Buffer.alloc(1000, 1));
    recent.keep('large', Buffer.alloc(3 * 1024 ** 2, 1));
    expect(recent.get('small')?.length).toBe(1000);
    expect(recent.get('large')).toBeUndefined();
    // 40 of 2 MB overflow the 64 MB: the oldest go first.
    for (let i = 0; i < 40; i++) recent.keep(`r${i}`, Buffer.alloc(2 * 1024 ** 2, i));
    expect(recent.get('r0')).toBeUndefined();
    expect(recent.get('r39')?.[0]).toBe(39);
  });
});
