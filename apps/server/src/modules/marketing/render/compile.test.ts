import type { DraftBlock, DraftContent } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { compileMail, subscriberVars, type MailVars } from './compile.js';
import { TemplateError } from './liquid.js';
import { markerFor } from './protect.js';

const context = { senderName: 'Harbour Goods', projectName: 'Harbour Goods Ltd' };
const markdown = (body: string, extra: Partial<DraftContent> = {}): DraftContent => ({
  subject: 'News',
  preheader: '',
  format: 'markdown',
  markdown: body,
  blocks: [],
  ...extra,
});
const blocks = (list: DraftBlock[]): DraftContent => ({ ...markdown(''), format: 'blocks', blocks: list });

const ada: MailVars = {
  subscriber: subscriberVars({
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    attributes: { plan: 'gold', page: 'https://shop.example/ada' },
  }),
  unsubscribe_url: 'https://wharf.example/mail/unsubscribe?token=abc&x=1',
};

/** The body column's inside: between the content cell and the footer. */
const bodyOf = (html: string) =>
  html.slice(html.indexOf('class="wharf-content"'), html.indexOf('You receive this mail'));

/** The problems of a draft that does not compile. */
function problemsOf(content: DraftContent) {
  try {
    compileMail(content, context);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return (error as TemplateError).problems;
  }
  throw new Error('it compiled');
}

describe('compileMail', () => {
  it('fills merge tags in the subject, preheader, HTML and text, with filters and fallbacks', () => {
    const mail = compileMail(
      markdown('Hello {{ subscriber.first_name }}, your plan is **{{ subscriber.attributes.plan | upcase }}**.', {
        subject: 'Hi {{ subscriber.first_name | default: "there" }} from {{ project.name }}',
        preheader: 'For {{ subscriber.email }}',
      }),
      context,
    );
    const out = mail.render(ada);
    expect(out.subject).toBe('Hi Ada from Harbour Goods Ltd');
    expect(out.html).toContain('For ada@example.com');
    expect(out.html).toContain('Hello Ada, your plan is <strong>GOLD</strong>.');
    expect(out.text).toContain('Hello Ada, your plan is GOLD.');
    const nameless = mail.render({ ...ada, subscriber: subscriberVars({ email: 'x@example.com', name: '' }) });
    expect(nameless.subject).toBe('Hi there from Harbour Goods Ltd');
  });

  it('escapes merge values in the HTML part, and leaves them as written in the subject and text', () => {
    const mail = compileMail(markdown('Dear {{ subscriber.name }}', { subject: 'For {{ subscriber.name }}' }), context);
    const evil = subscriberVars({ email: 'e@example.com', name: '<script>alert(1)</script> "Eve"' });
    const out = mail.render({ ...ada, subscriber: evil });
    expect(out.html).not.toContain('<script>');
    expect(out.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt; &#34;Eve&#34;');
    expect(out.subject).toBe('For <script>alert(1)</script> "Eve"');
    expect(out.text).toContain('Dear <script>alert(1)</script> "Eve"');
    // The subject is in the <title> too: escaped there.
    expect(out.html).toContain('<title>For &lt;script&gt;');
  });

  it('refuses files, includes, raw output and unknown filters, naming the field and line', () => {
    expect(problemsOf(markdown('Hi\n\n{% include "secrets" %}'))).toEqual([
      { field: 'markdown', line: 3, reason: 'The tag "include" is not available in mails.' },
    ]);
    for (const tag of ['{% render "x" %}', '{% layout "x" %}', '{% raw %}<b>{% endraw %}']) {
      expect(problemsOf(markdown(tag))[0]).toMatchObject({ field: 'markdown', line: 1 });
    }
    expect(problemsOf(markdown('x', { subject: '{{ subscriber.name | raw }}' }))).toEqual([
      { field: 'subject', line: 1, reason: 'The filter "raw" is not available in mails.' },
    ]);
    expect(problemsOf(markdown('ok', { preheader: '{{ a | no_such }}' }))[0]).toMatchObject({ field: 'preheader' });
  });

  it("reports a template that does not parse with its field's own line, every field at once", () => {
    const problems = problemsOf(
      markdown('One\n\nTwo\n\n{% if subscriber.name %}\nunclosed', { subject: 'Hi {{ subscriber.name' }),
    );
    expect(problems.map((p) => [p.field, p.line])).toEqual([
      ['subject', 1],
      ['markdown', 5],
    ]);
    expect(problems[1]!.reason).toContain('not closed');
    const inBlocks = problemsOf(
      blocks([
        { type: 'heading', text: 'ok' },
        { type: 'text', markdown: 'a\n{{ b' },
      ]),
    );
    expect(inBlocks).toEqual([expect.objectContaining({ field: 'blocks.1.markdown', line: 2 })]);
  });

  it('renders no raw HTML from the Markdown, and no javascript: or data: link', () => {
    const mail = compileMail(
      markdown(
        '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,x) [ok](https://ok.example/a?b=1&c=2) [mail](mailto:hi@example.com)',
      ),
      context,
    );
    const body = bodyOf(mail.render(ada).html);
    expect(body).not.toMatch(/<script|<img|href="javascript|href="data/i);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('href="https://ok.example/a?b=1&amp;c=2"');
    expect(body).toContain('href="mailto:hi@example.com"');
  });

  it('drops a link a merge value makes into javascript:, and keeps one it makes into a web address', () => {
    const mail = compileMail(markdown('[Your page]({{ subscriber.attributes.page }})'), context);
    expect(bodyOf(mail.render(ada).html)).toContain('href="https://shop.example/ada"');
    const evil = { ...ada, subscriber: { ...ada.subscriber, attributes: { page: 'javascript:alert(1)' } } };
    const body = bodyOf(mail.render(evil).html);
    expect(body).not.toContain('javascript');
    expect(body).toContain('>Your page</a>');
  });

  it('turns blocks into table-based HTML and readable text', () => {
    const mail = compileMail(
      blocks([
        { type: 'heading', text: 'Spring sale, {{ subscriber.first_name | default: "friend" }}' },
        { type: 'text', markdown: 'Up to **30%** off.' },
        { type: 'button', label: 'Shop now', url: 'https://shop.example/sale' },
        { type: 'image', url: 'https://cdn.example/mug.png', alt: 'A blue mug' },
        { type: 'divider' },
        { type: 'text', markdown: 'See you soon.' },
      ]),
      context,
    );
    const out = mail.render(ada);
    const body = bodyOf(out.html);
    expect(body).toContain('<h2 style="');
    expect(body).toContain('>Spring sale, Ada</h2>');
    expect(body).toContain('Up to <strong>30%</strong> off.');
    expect(body).toMatch(
      /<table role="presentation"[^>]*><tr><td style="border-radius:6px;[^"]*"><a href="https:\/\/shop\.example\/sale"/,
    );
    expect(body).toContain('<img src="https://cdn.example/mug.png" alt="A blue mug" width="472"');
    expect(body).toContain('border-top:1px solid');
    expect(out.text).toBe(
      [
        'Spring sale, Ada',
        '',
        'Up to 30% off.',
        '',
        'Shop now [https://shop.example/sale]',
        '',
        '[A blue mug]',
        '',
        '---',
        '',
        'See you soon.',
        '',
        '--',
        'You receive this mail because you subscribed to Harbour Goods Ltd.',
        'Unsubscribe: https://wharf.example/mail/unsubscribe?token=abc&x=1',
        '',
      ].join('\n'),
    );
  });

  it('refuses a button or image address that can never be a web address', () => {
    expect(
      problemsOf(
        blocks([
          { type: 'button', label: 'Go', url: 'javascript:alert(1)' },
          { type: 'image', url: 'data:image/png;base64,AAAA', alt: '' },
          { type: 'button', label: 'Page', url: '{{ subscriber.attributes.page }}' },
          { type: 'button', label: 'Later', url: '' },
        ]),
      ).map((p) => p.field),
    ).toEqual(['blocks.0.url', 'blocks.1.url']);
  });

  it('writes a plain-text part from the Markdown: links in brackets, lists marked, the unsubscribe address', () => {
    const mail = compileMail(
      markdown(
        '# Hello {{ subscriber.first_name }}\n\nRead [the story](https://shop.example/story).\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted',
      ),
      context,
    );
    const { text } = mail.render(ada);
    expect(text).toContain(
      'Hello Ada\n\nRead the story [https://shop.example/story].\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted',
    );
    expect(text.endsWith('Unsubscribe: https://wharf.example/mail/unsubscribe?token=abc&x=1\n')).toBe(true);
    // A line break in a paragraph stays one, as people sign off; a quote ends with its text.
    const signed = compileMail(markdown('> quoted\n\nThanks,\nThe team'), context).render(ada);
    expect(bodyOf(signed.html)).toContain('Thanks,<br>\nThe team');
    expect(signed.text).toContain('> quoted\n\nThanks,\nThe team');
  });

  it('lays the mail out in a 520 px column under a header with the sender, a hidden preheader and a visible unsubscribe link', () => {
    const out = compileMail(markdown('Body', { preheader: 'Preview & more' }), context).render(ada);
    expect(out.html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(out.html).toContain('width="520" style="width:520px;max-width:100%;margin:-56px auto 0;');
    expect(out.html).toMatch(/<td align="center" style="background:#18181b;[^"]*">Harbour Goods<\/td>/);
    expect(out.html).toMatch(/<div style="display:none;[^"]*">Preview &amp; more/);
    expect(out.html).toContain(
      '<a href="https://wharf.example/mail/unsubscribe?token=abc&amp;x=1" style="color:#71717a;text-decoration:underline;">Unsubscribe</a>',
    );
    expect(out.html).toContain('@media (max-width:560px)');
  });

  it("hands every body link to the campaign's rewrite, not the unsubscribe link, and adds the open pixel", () => {
    const mail = compileMail(
      blocks([
        { type: 'text', markdown: '[One](https://a.example/1) and [two](https://b.example/2?x=1&y=2)' },
        { type: 'button', label: 'Three', url: 'https://c.example/3' },
      ]),
      context,
    );
    const seen: string[] = [];
    const out = mail.render(ada, {
      link: (url) => {
        seen.push(url);
        return `https://t.example/c?u=${encodeURIComponent(url)}`;
      },
      openPixelUrl: 'https://t.example/o/1',
    });
    expect(seen).toEqual(['https://a.example/1', 'https://b.example/2?x=1&y=2', 'https://c.example/3']);
    const hrefs = [...out.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.slice(0, 3).every((href) => href!.startsWith('https://t.example/c?u='))).toBe(true);
    expect(hrefs.at(-1)).toBe('https://wharf.example/mail/unsubscribe?token=abc&amp;x=1');
    expect(out.html).toContain('<img src="https://t.example/o/1" width="1" height="1"');
  });

  it('keeps Liquid logic whole through the Markdown, and sees only own properties', () => {
    const mail = compileMail(
      markdown(
        '{% if subscriber.attributes.plan == "gold" %}\n\n**Gold** perks\n\n{% else %}\n\nJoin gold\n\n{% endif %}\n\n{{ subscriber.constructor }}{{ subscriber.attributes.__proto__ }}|',
      ),
      context,
    );
    const body = bodyOf(mail.render(ada).html);
    expect(body).toContain('<strong>Gold</strong> perks');
    expect(body).not.toContain('Join gold');
    expect(body).not.toContain('<p style="margin:0 0 16px;"></p>');
    expect(body).toContain('<p style="margin:0 0 16px;">|</p>');
  });

  it('stops a template that runs too long, as a TemplateError of its field', () => {
    const mail = compileMail(markdown('{% for i in (1..100000000) %}{{ i }}{% endfor %}'), context);
    expect(() => mail.render(ada)).toThrow(TemplateError);
  });
});

describe('the placeholders that shield Liquid tags from Markdown', () => {
  it('pick a prefix the source does not hold, one x longer than its longest run, in one pass', () => {
    expect(markerFor('Hello {{ subscriber.name }}')).toBe('wharfliquid');
    expect(markerFor('a wharfliquid b')).toBe('wharfliquidx');
    expect(markerFor('wharfliquidxx and wharfliquid')).toBe('wharfliquidxxx');
    // A hostile body (a long run after the prefix) still gets a fresh prefix: it was a search per x.
    const hostile = `wharfliquid${'x'.repeat(100_000)}`;
    expect(markerFor(hostile)).toBe(`wharfliquid${'x'.repeat(100_001)}`);
  });

  it("keeps an author's text that looks like a placeholder as it is", () => {
    const mail = compileMail(markdown('Code wharfliquid0z stays, {{ subscriber.first_name }}.'), context);
    expect(mail.render(ada).text).toContain('Code wharfliquid0z stays, Ada.');
  });
});
