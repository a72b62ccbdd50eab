import { describe, expect, it } from 'vitest';
import { blogSearchString, PUBLISHED_POSTS } from './search-string';

describe('blog list searches', () => {
  it("is the shell's filter alone without words", () => {
    expect(blogSearchString('')).toBe('visibility:published type:parent-platform,project');
    expect(blogSearchString('   ')).toBe(PUBLISHED_POSTS);
  });

  it('adds a category, then each typed word quoted', () => {
    expect(blogSearchString('  api   key ', { category: 'tutorial' })).toBe(
      `${PUBLISHED_POSTS} category:tutorial "api" "key"`,
    );
  });

  it('keeps typed filters and quotes from being read as anything but words', () => {
    expect(blogSearchString('visibility:draft "type:project')).toBe(
      `${PUBLISHED_POSTS} "visibility:draft" "type:project"`,
    );
    expect(blogSearchString('"')).toBe(PUBLISHED_POSTS);
  });
});
