import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown';

const html = (text: string, names: string[] = []) => render(<Markdown text={text} mentionNames={names} />).container;

describe('the Markdown subset of messages', () => {
  it('renders bold, italic, struck, code and code blocks', () => {
    const view = html('**bold** and *it* and _also_ ~~gone~~ `x < y`\n```\nconst a = 1;\n```');
    expect(view.querySelector('strong')).toHaveTextContent('bold');
    expect([...view.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['it', 'also']);
    expect(view.querySelector('s')).toHaveTextContent('gone');
    expect(view.querySelector('p code')).toHaveTextContent('x < y');
    expect(view.querySelector('pre code')).toHaveTextContent('const a = 1;');
  });

  it('keeps HTML as text: nothing the sender writes becomes an element', () => {
    const view = html('<img src=x onerror="alert(1)"> <script>alert(2)</script>');
    expect(view.querySelector('img, script')).toBeNull();
    expect(view).toHaveTextContent('<img src=x onerror="alert(1)"> <script>alert(2)</script>');
  });

  it('links http, https and mailto only', () => {
    const view = html('[site](https://example.com) [bad](javascript:alert(1)) see https://wharf.test/a.');
    const links = [...view.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com', 'https://wharf.test/a']);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(view).toHaveTextContent('[bad](javascript:alert(1))');
    expect(safeHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(safeHref('data:text/html,x')).toBeNull();
  });

  it('marks mentions of the names given, the longest first, and keeps line breaks and quotes', () => {
    const view = html('Hi @Grace Hopper and @Gr\n> quoted', ['Grace', 'Grace Hopper']);
    expect([...view.querySelectorAll('[data-mention]')].map((e) => e.textContent)).toEqual(['@Grace Hopper']);
    expect(view.querySelector('blockquote')).toHaveTextContent('quoted');
  });
});
