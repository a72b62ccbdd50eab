import { describe, expect, it } from 'vitest';
import { linkify, safeWebHref } from './linkify';

const links = (text: string) => linkify(text).flatMap((part) => (part.kind === 'link' ? [part.href] : []));

describe('linkify', () => {
  it('links http and https addresses and keeps every character of the text', () => {
    const text = 'Reset it here:\nhttps://console.test/reset-password?token=abc&email=a%40b.co\nor http://x.test/a.';
    const parts = linkify(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(links(text)).toEqual(['https://console.test/reset-password?token=abc&email=a%40b.co', 'http://x.test/a']);
  });

  it('leaves sentence punctuation out of the address, but keeps parentheses it opened', () => {
    expect(links('See https://x.test/page.')).toEqual(['https://x.test/page']);
    expect(links('(at https://x.test/page), then')).toEqual(['https://x.test/page']);
    expect(links('https://en.wikipedia.org/wiki/Wharf_(dock)!')).toEqual([
      'https://en.wikipedia.org/wiki/Wharf_(dock)',
    ]);
    expect(links('"https://x.test/q?a=1"')).toEqual(['https://x.test/q?a=1']);
  });

  it('never links another scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'mailto:ada@example.com',
      'ftp://files.test/x',
      '//evil.test/path',
      'xhttps://evil.test',
    ]) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('links only the web address hidden in a script URL, never the script', () => {
    const parts = linkify('javascript:alert("https://x.test")');
    expect(links('javascript:alert("https://x.test")')).toEqual(['https://x.test/']);
    expect(parts[0]).toEqual({ kind: 'text', text: 'javascript:alert("' });
  });

  it('answers no parts for no text, and one text part for text without addresses', () => {
    expect(linkify('')).toEqual([]);
    expect(linkify('Hello')).toEqual([{ kind: 'text', text: 'Hello' }]);
    expect(links('https://')).toEqual([]);
  });
});

describe('safeWebHref', () => {
  it('is the URL for http(s), undefined for anything else', () => {
    expect(safeWebHref('HTTPS://X.test/a')).toBe('https://x.test/a');
    expect(safeWebHref('javascript:alert(1)')).toBeUndefined();
    expect(safeWebHref('not a url')).toBeUndefined();
  });
});
