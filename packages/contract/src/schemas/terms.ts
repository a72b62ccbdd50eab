import { z } from 'zod';
import { multiline } from './common.js';

export const TERMS_TITLE_MAX = 200;
/** Characters of HTML a version of the terms may hold. */
export const TERMS_CONTENT_MAX = 200_000;

/** SPEC.md section 3: one version of a platform's terms and conditions. */
export const Terms = z
  .object({
    id: z.uuid(),
    platformId: z.uuid(),
    version: z.string(),
    title: z.string(),
    content: z.string().describe('Sanitised HTML'),
    updatedAt: z.string(),
  })
  .meta({ id: 'Terms' });
export type Terms = z.infer<typeof Terms>;

/** Each save is a new version; earlier versions stay as they were signed. */
export const SaveTermsRequest = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Enter a title.')
      .max(TERMS_TITLE_MAX, `Use at most ${TERMS_TITLE_MAX} characters.`),
    content: multiline(
      z
        .string()
        .trim()
        .min(1, 'Write the terms.')
        .max(TERMS_CONTENT_MAX, `Use at most ${TERMS_CONTENT_MAX} characters.`),
    ),
    version: z
      .string()
      .trim()
      .min(1, 'Enter a version.')
      .max(40, 'Use at most 40 characters.')
      .regex(/^[\w.-]+$/, 'Use letters, digits, dots, dashes and underscores, like 2026-11 or 1.2.'),
  })
  .meta({ id: 'SaveTermsRequest' });
export type SaveTermsRequest = z.infer<typeof SaveTermsRequest>;

/** The platform's latest terms, or null while it has none. */
export const ActiveTerms = z.object({ terms: Terms.nullable() }).meta({ id: 'ActiveTerms' });
export type ActiveTerms = z.infer<typeof ActiveTerms>;

export const SignedTermsLog = z.object({ id: z.string(), version: z.string() });
export const SignedTerms = z.object({ signedPlatformTermsLogs: z.array(SignedTermsLog) }).meta({ id: 'SignedTerms' });
export type SignedTerms = z.infer<typeof SignedTerms>;
