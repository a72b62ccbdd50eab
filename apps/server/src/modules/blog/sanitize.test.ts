import { describe, expect, it } from 'vitest';
import { excerptOf, sanitizeBlogContent, textOf } from './sanitize.js';

describe('post HTML', () => {
  it('keeps the structure of an article', () => {
    const html =
      '<h2>Steps</h2><ol start="2"><li><strong>Open</strong> <em>Users</em></li></ol>' +
      '<blockquote><p>Tip</p></blockquote><pre><code>npm run seed:demo</code></pre>' +
      '<table><thead><tr><th scope="col">Role</th></tr></thead><tbody><tr><td colspan="2">Owner</td></tr></tbody></table>';
    expect(sanitizeBlogContent(html)).toBe(html);
  });

  it('removes scripts, styles, frames, forms, event handlers and inline styles', () => {
    const dirty =
      '<p onclick="steal()" style="color:red" class="x">Hello<script>alert(1)</script></p>' +
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>' +
      '<form action="https://evil.example"><input name="password"></form><svg onload="x()"><circle/></svg>';
    expect(sanitizeBlogContent(dirty)).toBe('<p>Hello</p>');
  });

  it('keeps the text of links to script addresses, but not the link', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:x()']) {
      expect(sanitizeBlogContent(`<p><a href="${href}">Click</a></p>`)).toBe('<p>Click</p>');
    }
    expect(sanitizeBlogContent('<a href="data:text/html,<script>x</script>">d</a>')).toBe('d');
    expect(sanitizeBlogContent('<a href="//evil.example/">p</a>')).toBe('p');
  });

  it('gives every link rel=noopener, and keeps only a new-tab target', () => {
    expect(sanitizeBlogContent('<a href="https://example.com" target="_blank" rel="opener">Out</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">Out</a>',
    );
    expect(sanitizeBlogContent('<a href="/support/faqs" target="_top">FAQs</a>')).toBe(
      '<a href="/support/faqs" rel="noopener noreferrer">FAQs</a>',
    );
    expect(sanitizeBlogContent('<a href="mailto:help@example.com">Mail</a>')).toContain(
      'href="mailto:help@example.com"',
    );
  });

  it('keeps https images only, loaded lazily, without handlers', () => {
    expect(sanitizeBlogContent('<img src="https://cdn.example.com/a.png" alt="Menu" onerror="x()">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="Menu" loading="lazy" />',
    );
    for (const src of ['http://cdn.example.com/a.png', '/a.png', 'data:image/png;base64,AAAA', 'javascript:x()', '']) {
      expect(sanitizeBlogContent(`<p>A<img src="${src}">B</p>`)).toBe('<p>AB</p>');
    }
  });

  it('makes h1 an h2 (the page title is the h1)', () => {
    expect(sanitizeBlogContent('<h1>Title</h1><h6>Small</h6>')).toBe('<h2>Title</h2><h4>Small</h4>');
  });
});

describe('excerpts', () => {
  it('reads the text of HTML, blocks apart and entities decoded', () => {
    expect(textOf('<p>Tom &amp; Jerry</p><p>a&lt;b&nbsp;c</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Tom & Jerry a<b c one two',
    );
  });

  it('keeps short text whole and cuts long text at a word', () => {
    expect(excerptOf('<p>Short.</p>')).toBe('Short.');
    const cut = excerptOf(`<p>${'harbour '.repeat(60)}</p>`, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/harbour…$/);
  });
});
