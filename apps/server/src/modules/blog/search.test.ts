import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { parseBlogSearch } from './search.js';

const project = '0d0e0b10-0000-4000-8000-000000000001';

function refusal(search: string): AppError {
  try {
    parseBlogSearch(search);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`"${search}" was accepted`);
}

describe('the blog search syntax', () => {
  it('reads nothing from an empty or missing search', () => {
    expect(parseBlogSearch(undefined)).toEqual({ words: [] });
    expect(parseBlogSearch('   ')).toEqual({ words: [] });
  });

  it("reads the shell's search: filters with alternatives, and the words", () => {
    expect(parseBlogSearch('visibility:published type:parent-platform,project Invite  your team')).toEqual({
      words: ['invite', 'your', 'team'],
      visibility: ['published'],
      type: ['parent-platform', 'project'],
    });
  });

  it('reads categories and projects, keys and values in any case', () => {
    expect(parseBlogSearch(`Category:FAQ,tutorial project:${project.toUpperCase()}`)).toEqual({
      words: [],
      category: ['faq', 'tutorial'],
      project: [project],
    });
  });

  it('adds the values of a key given twice, each once', () => {
    expect(parseBlogSearch('type:project type:parent-platform,project')).toEqual({
      words: [],
      type: ['project', 'parent-platform'],
    });
  });

  it('takes unknown keys, colons in quotes and stray commas as words', () => {
    expect(parseBlogSearch('"visibility:draft" step:1 https://example.com "two words"')).toEqual({
      words: ['visibility:draft', 'step:1', 'https://example.com', 'two words'],
    });
    expect(parseBlogSearch('category:faq, billing')).toEqual({ words: ['billing'], category: ['faq'] });
  });

  it('refuses a known key with an unknown value, naming what it takes', () => {
    const error = refusal('visibility:secret');
    expect(error.status).toBe(400);
    expect(error.code).toBe('INVALID_SEARCH');
    expect(error.message).toBe('Unknown visibility "secret" in the search. Use draft, published.');
    expect(refusal('type:everything').message).toContain('parent-platform, project');
    expect(refusal('project:42').message).toBe('Unknown project "42" in the search. Use a project id.');
    expect(refusal('category:').message).toBe('Give category a value: tutorial, faq, news.');
  });

  it('bounds the number of words and values', () => {
    expect(parseBlogSearch(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')).words).toHaveLength(20);
    expect(refusal(Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ')).code).toBe('INVALID_SEARCH');
  });
});
