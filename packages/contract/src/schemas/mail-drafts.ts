import { z } from 'zod';

/*
 * Mail drafts (SPEC.md section 7 "Mail": GET /v1/mail/drafts, /drafts/{draftId}, POST
 * /drafts/{draftId}/duplicate; issue 23, decision 038): a mail's subject, preheader and body in
 * Markdown or blocks, with Liquid merge tags, rendered into the mail layout (520 px) and plain text.
 */

/** A block of a block-written body. Text blocks hold Markdown; every string may hold merge tags. */
export const DraftBlock = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('heading'), text: z.string().max(500) }),
    z.object({ type: z.literal('text'), markdown: z.string().max(20_000) }),
    z.object({ type: z.literal('button'), label: z.string().max(100), url: z.string().max(2000) }),
    z.object({ type: z.literal('image'), url: z.string().max(2000), alt: z.string().max(500) }),
    z.object({ type: z.literal('divider') }),
  ])
  .meta({ id: 'DraftBlock' });
export type DraftBlock = z.infer<typeof DraftBlock>;
