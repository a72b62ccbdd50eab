import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, csrfHeaders, readCookie } from './csrf';

describe('the CSRF header', () => {
  afterEach(() => {
    document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it("goes on a call that changes something, with the cookie's value", () => {
    document.cookie = `${CSRF_COOKIE}=token%2F1; path=/`;
    expect(csrfHeaders('POST')).toEqual({ [CSRF_HEADER]: 'token/1' });
    expect(csrfHeaders('delete')).toEqual({ [CSRF_HEADER]: 'token/1' });
  });

  it('is left off a read, without reading the cookies at all', () => {
    document.cookie = `${CSRF_COOKIE}=token; path=/`;
    const cookies = vi.spyOn(Document.prototype, 'cookie', 'get');
    expect(csrfHeaders('GET')).toEqual({});
    expect(csrfHeaders('HEAD')).toEqual({});
    expect(cookies).not.toHaveBeenCalled();
  });

  it('is left off when the server has set no cookie yet', () => {
    expect(csrfHeaders('PUT')).toEqual({});
    expect(readCookie(CSRF_COOKIE, 'other=1; wharf-XSRF-TOKEN=abc')).toBe('abc');
  });
});
