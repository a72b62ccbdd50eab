import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { AudienceFilter } from './mail-campaigns.js';

/*
 * Automated mail flows (SPEC.md section 7 "Flows": GET /v1/flows (pageToken, pageSize, search); GET,
 * PATCH /v1/flows/{flowId}; GET /v1/flows/{flowId}/draft; POST /v1/flows/{flowId}/draft/test-send;
 * issue 23, decision 039). A flow is a trigger and a list of steps. People edit its draft; publishing
 * makes the draft a numbered version and the live one; each subscriber's run keeps the version it
 * started on, so a publish never moves someone half-way through.
 */

/** What starts a subscriber's run. */
export const FLOW_TRIGGER_KINDS = ['joinedList', 'firstOrder', 'orderFulfilled', 'noPurchase'] as const;
export type FlowTriggerKind = (typeof FLOW_TRIGGER_KINDS)[number];

export const FLOW_NO_PURCHASE_DAYS_MAX = 3_650;

/**
 * - joinedList: a subscribed subscriber joins the list, or a member of it becomes subscribed (confirms);
 * - firstOrder: a subscriber's first order in the shop (matched by address);
 * - orderFulfilled: one of a subscriber's orders is complete (every parcel shipped);
 * - noPurchase: `days` days have passed since a subscriber's last order, with none since. Someone
 *   who has never ordered does not enter.
 */
export const FlowTrigger = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('joinedList'), listId: z.uuid() }),
      z.object({ kind: z.literal('firstOrder') }),
      z.object({ kind: z.literal('orderFulfilled') }),
      z.object({
        kind: z.literal('noPurchase'),
        days: z
          .number({ error: `Give a whole number of days from 1 to ${FLOW_NO_PURCHASE_DAYS_MAX}.` })
          .int(`Give a whole number of days from 1 to ${FLOW_NO_PURCHASE_DAYS_MAX}.`)
          .min(1, `Give a whole number of days from 1 to ${FLOW_NO_PURCHASE_DAYS_MAX}.`)
          .max(FLOW_NO_PURCHASE_DAYS_MAX, `Give a whole number of days from 1 to ${FLOW_NO_PURCHASE_DAYS_MAX}.`),
      }),
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_union' ? `Start the flow on ${FLOW_TRIGGER_KINDS.join(', ')}.` : undefined,
    },
  )
  .meta({ id: 'FlowTrigger' });
export type FlowTrigger = z.infer<typeof FlowTrigger>;

export const FLOW_STEP_KINDS = ['wait', 'condition', 'send'] as const;
export type FlowStepKind = (typeof FLOW_STEP_KINDS)[number];
export const FLOW_WAIT_UNITS = ['hours', 'days'] as const;
export const FLOW_WAIT_MAX_HOURS = 365 * 24;
export const FLOW_STEPS_MAX = 50;

/** A step's id: chosen by the editor, unique in the flow; a run's progress names the step it is at. */
const StepId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Give each step an id of up to 40 letters, digits, - or _.');

/** Membership of a list, included (is on it) or excluded (is not). */
export const ListCondition = z
  .object({
    field: z.literal('list'),
    mode: z.enum(['include', 'exclude'], { error: 'Choose include or exclude.' }),
    listId: z.uuid(),
  })
  .meta({ id: 'ListCondition' });

/**
 * A condition on the subscriber when the run reaches the step: an audience filter (gender, days
 * since last opened, clicked or purchased, with the same rules as a campaign's audience) or a list.
 */
export const FlowCondition = z
  .discriminatedUnion('field', [ListCondition, AudienceFilter], {
    error: (issue) =>
      issue.code === 'invalid_union' ? 'Choose a condition on a list, gender or activity.' : undefined,
  })
  .meta({ id: 'FlowCondition' });
export type FlowCondition = z.infer<typeof FlowCondition>;

/**
 * - wait: the run sleeps `amount` `unit`s (at most a year);
 * - condition: the run goes on only while every condition holds; otherwise it ends (exited);
 * - send: mails the project's draft `draftId` (its content as published) to the subscriber, if they
 *   are still subscribed; otherwise the run ends (exited).
 */
export const FlowStep = z
  .discriminatedUnion(
    'kind',
    [
      z
        .object({
          id: StepId,
          kind: z.literal('wait'),
          amount: z.number().int('Wait a whole number of hours or days.').min(1, 'Wait at least 1 hour.'),
          unit: z.enum(FLOW_WAIT_UNITS, { error: 'Wait in hours or days.' }),
        })
        // A wait past a year (or one so long its date cannot be written) is refused, not stored.
        .refine((step) => step.amount * (step.unit === 'days' ? 24 : 1) <= FLOW_WAIT_MAX_HOURS, {
          message: 'Wait at most a year (365 days).',
          path: ['amount'],
        }),
      z.object({
        id: StepId,
        kind: z.literal('condition'),
        conditions: z.array(FlowCondition).min(1, 'Add a condition.').max(20, 'Use at most 20 conditions.'),
      }),
      z.object({ id: StepId, kind: z.literal('send'), draftId: z.uuid() }),
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_union' ? `Make each step one of ${FLOW_STEP_KINDS.join(', ')}.` : undefined,
    },
  )
  .meta({ id: 'FlowStep' });
export type FlowStep = z.infer<typeof FlowStep>;

/** What a draft or a version holds. A draft may be unfinished (no trigger yet); publishing needs one. */
export const FlowDefinition = z
  .object({
    trigger: FlowTrigger.nullable(),
    steps: z.array(FlowStep).max(FLOW_STEPS_MAX, `Use at most ${FLOW_STEPS_MAX} steps.`),
  })
  .meta({ id: 'FlowDefinition' });
export type FlowDefinition = z.infer<typeof FlowDefinition>;

/**
 * active: the live version takes new subscribers and moves its runs on; paused: nobody enters and
 * runs wait where they are (resumed, they go on); a flow never published is `draft`.
 */
export const FLOW_STATUSES = ['draft', 'active', 'paused'] as const;
export const FlowStatus = z.enum(FLOW_STATUSES);
export type FlowStatus = z.infer<typeof FlowStatus>;

/** How many runs stand where: still going, finished every step, or ended early (a condition, unsubscribed). */
export const FlowRunCounts = z
  .object({ active: z.number().int(), completed: z.number().int(), exited: z.number().int() })
  .meta({ id: 'FlowRunCounts' });

export const FLOW_NAME_MAX = 200;
const FlowName = z
  .string()
  .trim()
  .min(1, 'Name the flow.')
  .max(FLOW_NAME_MAX, `Use at most ${FLOW_NAME_MAX} characters.`);

export const Flow = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: FlowStatus,
    /** The live version's trigger (null before the first publish). */
    trigger: FlowTrigger.nullable(),
    /** The live version's number, from 1; null before the first publish. */
    liveVersion: z.number().int().nullable(),
    /** The draft differs from the live version (or there is none yet): there is something to publish. */
    hasChanges: z.boolean(),
    runs: FlowRunCounts,
    /**
     * Active runs at each step of the live version, by step id: the visual list's figures. A run in a
     * wait is counted at that wait until it ends.
     */
    atStep: z.record(z.string(), z.number().int()),
    publishedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Flow' });
export type Flow = z.infer<typeof Flow>;

export const FlowPage = Page(Flow).meta({ id: 'FlowPage' });
export type FlowPage = z.infer<typeof FlowPage>;

export const ListFlowsQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Every word must appear in the name. */
  search: z.string().trim().max(200).optional(),
});

/** The draft being edited, and the version it started from. */
export const FlowDraft = FlowDefinition.extend({
  flowId: z.uuid(),
  /** The version the draft was started from or restored from; null if never published. */
  baseVersion: z.number().int().nullable(),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'FlowDraft' });
export type FlowDraft = z.infer<typeof FlowDraft>;

export const FlowVersion = FlowDefinition.extend({
  version: z.number().int(),
  publishedAt: z.iso.datetime(),
  /** Who published it; null for a deleted account. */
  publishedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The version new subscribers enter now. */
  live: z.boolean(),
}).meta({ id: 'FlowVersion' });
export type FlowVersion = z.infer<typeof FlowVersion>;

export const FlowVersionList = z.object({ items: z.array(FlowVersion) }).meta({ id: 'FlowVersionList' });

export const CreateFlowRequest = z
  .object({
    name: FlowName,
    trigger: FlowTrigger.nullable().default(null),
    steps: z.array(FlowStep).max(FLOW_STEPS_MAX, `Use at most ${FLOW_STEPS_MAX} steps.`).default([]),
  })
  .meta({ id: 'CreateFlowRequest' });
export type CreateFlowRequest = z.infer<typeof CreateFlowRequest>;

/** Rename, pause or resume. Activating needs a published version (409 FLOW_NOT_PUBLISHED). */
export const UpdateFlowRequest = z
  .object({
    name: FlowName.optional(),
    status: z.enum(['active', 'paused'], { error: 'Set the status to active or paused.' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.status !== undefined, 'Send at least one change.')
  .meta({ id: 'UpdateFlowRequest' });
export type UpdateFlowRequest = z.infer<typeof UpdateFlowRequest>;

export const UpdateFlowDraftRequest = FlowDefinition.meta({ id: 'UpdateFlowDraftRequest' });
export type UpdateFlowDraftRequest = z.infer<typeof UpdateFlowDraftRequest>;

export const FlowTestSendResult = z
  .object({
    /** The caller's address, where the tests went. */
    to: z.string(),
    /** One mail per send step, in order. */
    sent: z.number().int(),
  })
  .meta({ id: 'FlowTestSendResult' });
