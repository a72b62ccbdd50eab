import { humanizeMessage } from '@wharf/client';
import { describe, expect, it } from 'vitest';
import { MISMATCH_FALLBACK, mismatchMessage } from './invite-messages';

describe('mismatchMessage', () => {
  const server = 'This invitation was sent to grace@example.com. Sign in with that address to accept it.';

  it("shows the server's message when it names a whole address", () => {
    expect(mismatchMessage(server)).toBe(server);
  });

  it('never shows an address the client has mangled', () => {
    expect(humanizeMessage(server)).toContain('grace@example com');
    expect(mismatchMessage(humanizeMessage(server))).toBe(MISMATCH_FALLBACK);
    expect(mismatchMessage('Sent to ada@localhost. Sign in with it.')).toBe(MISMATCH_FALLBACK);
    expect(mismatchMessage('Forbidden')).toBe(MISMATCH_FALLBACK);
  });
});
