/** SPEC.md sections 2, 8 and 9: the terms popup's words and size. constants.test.ts pins them. */

/** The popup is at most this wide (px). */
export const TERMS_POPUP_MAX_WIDTH = 900;

export const TERMS_AGREE_LABEL = 'I have read and agree to the terms and conditions';
export const TERMS_ACCEPT_LABEL = 'Accept';

export const TERMS_MESSAGES = {
  accepted: 'Terms and conditions accepted',
  failed: 'Failed to accept terms',
} as const;
