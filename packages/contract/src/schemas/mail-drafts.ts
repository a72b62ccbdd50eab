import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { multiline } from './common.js';

/*
 * Mail drafts (SPEC.md section 7 "Mail": GET /v1/mail/drafts, /drafts/{draftId}, POST
 * /drafts/{draftId}/duplicate; issue 23, decision 038): a mail's subject, preheader and body in
 * Markdown or blocks, with Liquid merge tags, rendered into the mail layout (520 px) and plain text.
 */

export const DRAFT_NAME_MAX = 200;
export const DRAFT_SUBJECT_MAX = 200;
export const DRAFT_PREHEADER_MAX = 200;
export const DRAFT_MARKDOWN_MAX = 100_000;
export const DRAFT_BLOCKS_MAX = 100;
export const DRAFT_BLOCK_TEXT_MAX = 20_000;
export const DRAFT_URL_MAX = 2000;

export const DRAFT_FORMATS = ['markdown', 'blocks'] as const;
export const DraftFormat = z.enum(DRAFT_FORMATS, { error: 'Choose a format of markdown or blocks.' });
export type DraftFormat = z.infer<typeof DraftFormat>;

const max = (n: number) => `Use at most ${n} characters.`;

/** A block of a block-written body. Text blocks hold Markdown; every string may hold merge tags. */
export const DraftBlock = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('heading'), text: z.string().max(500, max(500)) }),
    z.object({
      type: z.literal('text'),
      markdown: multiline(z.string().max(DRAFT_BLOCK_TEXT_MAX, max(DRAFT_BLOCK_TEXT_MAX))),
    }),
    z.object({
      type: z.literal('button'),
      label: z.string().max(100, max(100)),
      url: z.string().trim().max(DRAFT_URL_MAX, max(DRAFT_URL_MAX)),
    }),
    z.object({
      type: z.literal('image'),
      url: z.string().trim().max(DRAFT_URL_MAX, max(DRAFT_URL_MAX)),
      alt: z.string().max(500, max(500)),
    }),
    z.object({ type: z.literal('divider') }),
  ])
  .meta({ id: 'DraftBlock' });
export type DraftBlock = z.infer<typeof DraftBlock>;
export type DraftBlockType = DraftBlock['type'];

const DraftName = z.string().trim().min(1, 'Name the draft.').max(DRAFT_NAME_MAX, max(DRAFT_NAME_MAX));
const Subject = z.string().trim().max(DRAFT_SUBJECT_MAX, max(DRAFT_SUBJECT_MAX));
const Preheader = z.string().trim().max(DRAFT_PREHEADER_MAX, max(DRAFT_PREHEADER_MAX));
const Markdown = multiline(z.string().max(DRAFT_MARKDOWN_MAX, max(DRAFT_MARKDOWN_MAX)));
const Blocks = z.array(DraftBlock).max(DRAFT_BLOCKS_MAX, `Use at most ${DRAFT_BLOCKS_MAX} blocks.`);

/**
 * What a mail is made of: the parts `compileMail` renders. Only the body of the chosen format is
 * rendered; the other is kept, so switching format back and forth loses nothing.
 */
export const DraftContent = z.object({
  subject: Subject,
  preheader: Preheader,
  format: DraftFormat,
  markdown: Markdown,
  blocks: Blocks,
});
export type DraftContent = z.infer<typeof DraftContent>;

/** A draft as the list shows it. */
export const DraftSummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    subject: z.string(),
    preheader: z.string(),
    format: DraftFormat,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'DraftSummary' });
export type DraftSummary = z.infer<typeof DraftSummary>;

/** One draft, whole. */
export const Draft = DraftSummary.extend({
  markdown: z.string(),
  blocks: z.array(DraftBlock),
  /** The member who saved it last; null once they have left (or for a key). */
  updatedBy: z.uuid().nullable(),
}).meta({ id: 'Draft' });
export type Draft = z.infer<typeof Draft>;

export const DraftPage = Page(DraftSummary).meta({ id: 'DraftPage' });
export type DraftPage = z.infer<typeof DraftPage>;

export const ListDraftsQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Every word must appear in the name or the subject. */
  search: z.string().trim().max(200).optional(),
});

/** A new draft: a name; the rest may be written later (an empty subject is kept until a campaign needs one). */
export const CreateDraftRequest = z
  .object({
    name: DraftName,
    subject: Subject.default(''),
    preheader: Preheader.default(''),
    format: DraftFormat.default('markdown'),
    markdown: Markdown.default(''),
    blocks: Blocks.default([]),
  })
  .meta({ id: 'CreateDraftRequest' });
export type CreateDraftRequest = z.input<typeof CreateDraftRequest>;

/** The parts to change; what is left out stays. */
export const UpdateDraftRequest = z
  .object({
    name: DraftName.optional(),
    subject: Subject.optional(),
    preheader: Preheader.optional(),
    format: DraftFormat.optional(),
    markdown: Markdown.optional(),
    blocks: Blocks.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change.')
  .meta({ id: 'UpdateDraftRequest' });
export type UpdateDraftRequest = z.infer<typeof UpdateDraftRequest>;

/** Who a preview is for when no subscriber is named and the project has none yet. */
export const PREVIEW_SAMPLE = { name: 'Ada Lovelace', email: 'ada@example.com' } as const;

/** Made-up merge values for a preview, instead of a subscriber of the project. */
export const DraftPreviewSample = z.object({
  name: z.string().trim().max(200, max(200)).default(''),
  email: z.string().trim().max(254, max(254)).default(PREVIEW_SAMPLE.email),
  attributes: z
    .record(z.string().max(64), z.union([z.string().max(1000), z.number().finite(), z.boolean()]))
    .default({}),
});

/**
 * The draft as it is being edited, rendered for one subscriber: `subscriberId` (one of the
 * project's), else `sample`, else the project's first subscriber, else Ada Lovelace.
 */
export const PreviewDraftRequest = DraftContent.extend({
  subject: Subject.default(''),
  preheader: Preheader.default(''),
  format: DraftFormat.default('markdown'),
  markdown: Markdown.default(''),
  blocks: Blocks.default([]),
  subscriberId: z.uuid().optional(),
  sample: DraftPreviewSample.optional(),
}).meta({ id: 'PreviewDraftRequest' });
export type PreviewDraftRequest = z.input<typeof PreviewDraftRequest>;

/** A rendered mail: what one subscriber would receive. */
export const DraftPreview = z
  .object({
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    /** Whose values filled the merge tags. */
    recipient: z.object({ name: z.string(), email: z.string() }),
  })
  .meta({ id: 'DraftPreview' });
export type DraftPreview = z.infer<typeof DraftPreview>;

/**
 * The merge tags a draft can use, for the editor's help panel. Values are escaped in the HTML part;
 * Liquid filters work (`| default: "there"`, `| upcase`); files, includes and raw output do not.
 */
export const DRAFT_MERGE_TAGS = [
  { tag: '{{ subscriber.first_name }}', description: 'The first word of their name' },
  { tag: '{{ subscriber.name }}', description: 'Their full name' },
  { tag: '{{ subscriber.email }}', description: 'Their address' },
  { tag: '{{ subscriber.attributes.plan }}', description: 'An attribute of theirs (here `plan`)' },
  { tag: '{{ unsubscribe_url }}', description: 'Their one-click unsubscribe link (the footer has one already)' },
  { tag: '{{ project.name }}', description: "The project's name" },
  { tag: '{{ subscriber.first_name | default: "there" }}', description: 'A fallback for an empty value' },
] as const;
