import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugify } from './slug.js';

describe('slugs from titles', () => {
  it('joins lower-case words with single hyphens', () => {
    expect(slugify('Set up two-factor authentication')).toBe('set-up-two-factor-authentication');
    expect(slugify('  Invite your team!  ')).toBe('invite-your-team');
    expect(slugify("What's a project -- and why?")).toBe('whats-a-project-and-why');
    expect(slugify('Shipping & returns')).toBe('shipping-and-returns');
  });

  it('drops accents, and falls back to "post" with nothing to use', () => {
    expect(slugify('Café crème in Zürich')).toBe('cafe-creme-in-zurich');
    expect(slugify('🚢🚢')).toBe('post');
  });

  it('stops at a word before the limit, leaving room for a number', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(76);
    expect(slug.endsWith('word')).toBe(true);
    expect(slugify('x'.repeat(100))).toHaveLength(76);
  });

  it('numbers a taken slug from 2', () => {
    expect(firstFreeSlug('faq', new Set())).toBe('faq');
    expect(firstFreeSlug('faq', new Set(['faq', 'faq-2', 'faq-4']))).toBe('faq-3');
  });
});
