import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodePageToken, decodeTimePageToken, encodePageToken, usePageTokenSecret } from './pagination.js';

const ID = '0b5f5c8e-2d3a-4c4e-9d1f-2a6b7c8d9e0f';
const reencode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('page tokens', () => {
  usePageTokenSecret('test-secret-one');
  const issued = encodePageToken({ at: '2026-03-01T10:00:00.000Z', id: ID });

  it('reads back what the server issued', () => {
    expect(decodePageToken(issued)).toEqual({ at: '2026-03-01T10:00:00.000Z', id: ID });
    expect(decodeTimePageToken(issued).at.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('refuses every token it did not issue, with a 400 naming the pageToken', () => {
    const [payload, signature] = issued.split('.') as [string, string];
    const forged = [
      '',
      'garbage',
      '.',
      `${payload}.`,
      `.${signature}`,
      payload,
      `${payload}.${signature}.x`,
      `${payload}.${signature.slice(0, -2)}`,
      `${reencode({ at: '2026-03-02T10:00:00.000Z', id: ID })}.${signature}`,
      `${reencode({ at: '+275760-09-13T00:00:00.000Z', id: ID })}.${signature}`,
      `${reencode({ at: '2026-03-01T10:00:00.000Z', id: 'x' })}.${signature}`,
      reencode({ at: '2026-03-01T10:00:00.000Z', id: ID }),
      `${payload}.${'A'.repeat(43)}`,
      `${payload}.${signature}`.repeat(40),
      `${payload}\u0000.${signature}`,
    ];
    for (const token of forged) {
      let caught: unknown;
      try {
        decodePageToken(token);
      } catch (error) {
        caught = error;
      }
      expect(caught, token).toMatchObject({ status: 400, code: 'INVALID_PAGE_TOKEN' });
      expect((caught as Error).message).toContain('pageToken');
    }
  });

  it('refuses, even when signed, a cursor that is not what its list sorts by', () => {
    const signed = (at: string, id = ID) => encodePageToken({ at, id });
    for (const token of [
      signed('0000-01-01T00:00:00.000Z'),
      signed('+275760-09-13T00:00:00.000Z'),
      signed('2026-02-30T00:00:00.000Z'),
      signed('someone@example.com'),
      signed('2026-03-01T10:00:00.000Z', 'not-a-uuid'),
    ]) {
      expect(() => decodeTimePageToken(token), token).toThrow(/pageToken/);
    }
  });

  it('keeps accepting tokens of an earlier secret in the same process, and refuses another secret', () => {
    usePageTokenSecret('test-secret-two');
    const second = encodePageToken({ at: '2026-03-01T10:00:00.000Z', id: ID });
    expect(second).not.toBe(issued);
    expect(decodePageToken(issued).id).toBe(ID);
    expect(decodePageToken(second).id).toBe(ID);
    const [payload] = second.split('.');
    const strange = createHmac('sha256', 'not-ours').update(payload!).digest('base64url');
    expect(() => decodePageToken(`${payload}.${strange}`)).toThrow(/pageToken/);
  });
});
