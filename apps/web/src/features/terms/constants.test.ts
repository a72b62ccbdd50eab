import { describe, expect, it } from 'vitest';
import { TERMS_ACCEPT_LABEL, TERMS_AGREE_LABEL, TERMS_MESSAGES, TERMS_POPUP_MAX_WIDTH } from './constants';

describe('terms constants (SPEC.md sections 2, 8, 9)', () => {
  it('keeps the popup at most 900px wide', () => {
    expect(TERMS_POPUP_MAX_WIDTH).toBe(900);
  });

  it('says the words of the spec', () => {
    expect(TERMS_AGREE_LABEL).toBe('I have read and agree to the terms and conditions');
    expect(TERMS_ACCEPT_LABEL).toBe('Accept');
    expect(TERMS_MESSAGES).toEqual({ accepted: 'Terms and conditions accepted', failed: 'Failed to accept terms' });
  });
});
