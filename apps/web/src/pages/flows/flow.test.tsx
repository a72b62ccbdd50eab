import type { Flow, FlowDraft } from '@wharf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { getSnapshot, resetToasts } from '../../features/toasts/toasts';
import { apiError, json, type FakeRoutes } from '../../test/fake-api';
import {
  draftOf,
  flowApi,
  FLOW_EDITOR,
  FLOW_READER,
  newsletter,
  P,
  tipsDraft,
  versionFixture,
  vips,
  welcomeDraft,
  welcomeFlow,
} from './flow-fixtures';

afterEach(() => {
  forgetModules();
  resetToasts();
});

const ID = welcomeFlow.id;
const PAGE = `/flows/${ID}?project=${P}`;
const DRAFT = `/v1/flows/${ID}/draft`;
const nudges = () => getSnapshot('nudge').map((toast) => toast.message);
/** The trigger's and steps' cards (not the condition rows inside them). */
const steps = () => [...screen.getByRole('list', { name: 'Flow steps' }).children] as HTMLElement[];
const stepNames = () => steps().map((item) => item.getAttribute('aria-label'));
const stepId = expect.stringMatching(/^s-[A-Za-z0-9_-]{1,38}$/);

/** A server holding the welcome flow, its draft and two versions, changing as the calls say. */
function flowServer(routes: FakeRoutes = {}, held?: readonly string[]) {
  let flow: Flow = welcomeFlow;
  let draft: FlowDraft = draftOf(welcomeFlow);
  const versions = [versionFixture(2, { live: true }), versionFixture(1, { steps: [draftOf(welcomeFlow).steps[1]!] })];
  const fake = flowApi(
    {
      [`GET /v1/flows/${ID}`]: () => json(200, flow),
      [`PATCH /v1/flows/${ID}`]: (call) => {
        flow = { ...flow, ...(call.body as object) };
        return json(200, flow);
      },
      [`GET ${DRAFT}`]: () => json(200, draft),
      [`PUT ${DRAFT}`]: (call) => {
        draft = { ...draft, ...(call.body as object), updatedAt: new Date().toISOString() };
        flow = { ...flow, hasChanges: true };
        return json(200, draft);
      },
      [`DELETE ${DRAFT}`]: () => {
        draft = draftOf(welcomeFlow, { updatedAt: new Date().toISOString() });
        flow = { ...flow, hasChanges: false };
        return json(200, draft);
      },
      [`POST ${DRAFT}/publish`]: () => {
        flow = { ...flow, liveVersion: 3, hasChanges: false, trigger: draft.trigger };
        return json(200, flow);
      },
      [`POST ${DRAFT}/test-send`]: json(200, { to: 'ada@example.com', sent: 2 }),
      [`GET /v1/flows/${ID}/versions`]: () => json(200, { items: versions }),
      [`POST /v1/flows/${ID}/versions/1/restore`]: () => {
        draft = { ...draft, steps: versions[1]!.steps, baseVersion: 1, updatedAt: new Date().toISOString() };
        flow = { ...flow, hasChanges: true };
        return json(200, draft);
      },
      ...routes,
    },
    held,
  );
  return fake;
}

describe('a flow (flows.view)', () => {
  it('shows the trigger and steps as a visual list with who is where, the runs and the versions', async () => {
    renderWithModules(PAGE, flowServer().fetch);
    expect(await screen.findByText('Welcome series')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Flow - Wharf'));
    expect(stepNames()).toEqual(['Trigger', 'Step 1: Wait', 'Step 2: Send a mail']);
    await waitFor(() => expect(within(steps()[0]!).getByText('When someone joins Newsletter')).toBeInTheDocument());
    expect(within(steps()[1]!).getByText('Wait 1 day')).toBeInTheDocument();
    expect(within(steps()[1]!).getByText('4 subscribers here now')).toBeInTheDocument();
    await waitFor(() => expect(within(steps()[2]!).getByText('Send “Welcome”')).toBeInTheDocument());
    expect(within(steps()[2]!).getByText('1 subscriber here now')).toBeInTheDocument();

    const runs = screen.getByLabelText('Runs');
    expect(runs).toHaveTextContent('In the flow5Completed40Left early3');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Version 2 live')).toBeInTheDocument();

    const versions = await screen.findByRole('list', { name: 'Published versions' });
    const [v2, v1] = within(versions).getAllByRole('listitem');
    expect(within(v2!).getByText('Live')).toBeInTheDocument();
    expect(v2).toHaveTextContent('by Ada Lovelace');
    expect(v1).toHaveTextContent('When someone joins Newsletter · 1 step');
  });

  it('adds a step between two and edits steps in place, and saves the whole draft', async () => {
    const fake = flowServer();
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();

    // A condition after the wait: "purchased in the last 90 days, not on VIP".
    fireEvent.click(screen.getByRole('button', { name: 'Add a step after step 1' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Add a step after step 1' })).getByRole('button', { name: 'Condition' }),
    );
    expect(stepNames()).toEqual(['Trigger', 'Step 1: Wait', 'Step 2: Condition', 'Step 3: Send a mail']);
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    const choose = (name: string, value: string) =>
      fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
    choose('Condition 1', 'lastPurchased');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 1 days' }), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    choose('Condition 2', 'list');
    choose('Condition 2 must', 'exclude');
    choose('Condition 2 list', vips.id);
    expect(
      within(steps()[2]!).getByText('Continue only if has purchased in the last 90 days and not on VIP'),
    ).toBeInTheDocument();

    // The wait becomes 3 hours.
    fireEvent.click(screen.getByRole('button', { name: 'Edit step 1' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Wait for' }), { target: { value: '3' } });
    choose('Unit', 'hours');
    expect(within(steps()[1]!).getByText('Wait 3 hours')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(nudges()).toEqual(['Draft saved.']));
    expect(fake.callsTo(`PUT ${DRAFT}`).map((call) => call.body)).toEqual([
      {
        trigger: { kind: 'joinedList', listId: newsletter.id },
        steps: [
          { id: 's-wait', kind: 'wait', amount: 3, unit: 'hours' },
          {
            id: stepId,
            kind: 'condition',
            conditions: [
              { field: 'lastPurchased', mode: 'include', comparator: 'lte', days: 90 },
              { field: 'list', mode: 'exclude', listId: vips.id },
            ],
          },
          { id: 's-send', kind: 'send', draftId: welcomeDraft.id },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved, not published'));
  });

  it('adds a step at the end, moves steps up and down, removes one, and saves them in order', async () => {
    const fake = flowServer();
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Add a step at the end' })).getByRole('button', { name: 'Send a mail' }),
    );
    fireEvent.change(within(steps()[3]!).getByRole('combobox', { name: 'Mail to send' }), {
      target: { value: tipsDraft.id },
    });
    expect(within(steps()[3]!).getByText('Send “Tips”')).toBeInTheDocument();
    expect(within(steps()[3]!).getByRole('link', { name: 'Open the draft' })).toHaveAttribute(
      'href',
      `/marketing/drafts/${tipsDraft.id}?project=${P}`,
    );
    expect(screen.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move step 3 down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move step 1 down' }));
    expect(stepNames()).toEqual(['Trigger', 'Step 1: Send a mail', 'Step 2: Wait', 'Step 3: Send a mail']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove step 3' }));
    expect(stepNames()).toEqual(['Trigger', 'Step 1: Send a mail', 'Step 2: Wait']);

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(fake.callsTo(`PUT ${DRAFT}`)).toHaveLength(1));
    expect(fake.callsTo(`PUT ${DRAFT}`)[0]!.body).toEqual({
      trigger: { kind: 'joinedList', listId: newsletter.id },
      steps: [
        { id: stepId, kind: 'send', draftId: tipsDraft.id },
        { id: 's-wait', kind: 'wait', amount: 1, unit: 'days' },
      ],
    });
  });

  it('says what to choose before saving, beside the step', async () => {
    const fake = flowServer();
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Add a step at the end' })).getByRole('button', { name: 'Send a mail' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close step 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(within(steps()[3]!).getByRole('combobox', { name: 'Mail to send' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose the draft to send.'),
    );
    expect(fake.callsTo(`PUT ${DRAFT}`)).toHaveLength(0);
  });

  it('changes the trigger', async () => {
    const fake = flowServer();
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(screen.getByRole('button', { name: 'Edit the trigger' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Start the flow when' }), 'noPurchase');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Days since the last purchase' }), {
      target: { value: '45' },
    });
    expect(within(steps()[0]!).getByText('45 days after the last purchase')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(fake.callsTo(`PUT ${DRAFT}`)).toHaveLength(1));
    expect(fake.callsTo(`PUT ${DRAFT}`)[0]!.body).toMatchObject({ trigger: { kind: 'noPurchase', days: 45 } });
  });

  it('publishes the saved draft after confirming which version it makes', async () => {
    const fake = flowServer({ [`GET /v1/flows/${ID}`]: json(200, { ...welcomeFlow, hasChanges: true }) });
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await screen.findByRole('list', { name: 'Published versions' });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 3?' });
    expect(dialog).toHaveTextContent(
      'New subscribers enter it; those already in the flow finish the version they started.',
    );
    expect(fake.callsTo(`POST ${DRAFT}/publish`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(nudges()).toEqual(['Version 3 is live.']));
    expect(fake.callsTo(`POST ${DRAFT}/publish`)).toHaveLength(1);
  });

  it('shows why publishing was refused, in place: the flow’s problem and the template’s field', async () => {
    const fake = flowServer({
      [`GET /v1/flows/${ID}`]: json(200, { ...welcomeFlow, hasChanges: true }),
      [`POST ${DRAFT}/publish`]: apiError(400, 'TEMPLATE_INVALID', 'The subject of “Welcome” does not parse.', [
        { path: 'steps.1.draftId', message: 'output "{{ broken" not closed (line 1)' },
        { path: 'subject', message: 'output "{{ broken" not closed (line 1)' },
      ]),
    });
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Publish version/ })).getByRole('button', { name: 'Publish' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The subject of “Welcome” does not parse.');
    expect(screen.getByRole('alert')).toHaveTextContent('subject: output "{{ broken" not closed (line 1)');
    expect(within(steps()[2]!).getByRole('combobox', { name: 'Mail to send' })).toHaveAccessibleDescription(
      expect.stringContaining('not closed'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a flow without a trigger cannot be published', async () => {
    const fake = flowServer({
      [`GET /v1/flows/${ID}`]: json(200, { ...welcomeFlow, hasChanges: true }),
      [`POST ${DRAFT}/publish`]: apiError(400, 'FLOW_INVALID', 'Choose what starts the flow before publishing it.', [
        { path: 'trigger', message: 'Choose what starts the flow.' },
      ]),
    });
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Publish version/ })).getByRole('button', { name: 'Publish' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose what starts the flow before publishing it.');
    expect(screen.getByRole('combobox', { name: 'Start the flow when' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose what starts the flow.'),
    );
  });

  it('sends a test after asking, and names the address it went to', async () => {
    const fake = flowServer();
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(screen.getByRole('button', { name: 'Test send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test?' });
    expect(fake.callsTo(`POST ${DRAFT}/test-send`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test mails' }));
    await waitFor(() => expect(nudges()).toEqual(['2 test mails sent to ada@example.com.']));
    expect(fake.callsTo(`POST ${DRAFT}/test-send`)).toHaveLength(1);
  });

  it('restores a version into the draft, and discards the draft’s changes, each after asking', async () => {
    const fake = flowServer();
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 1 to the draft' }));
    const restore = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await userEvent.click(within(restore).getByRole('button', { name: 'Restore to draft' }));
    await waitFor(() => expect(stepNames()).toEqual(['Trigger', 'Step 1: Send a mail']));
    expect(fake.callsTo(`POST /v1/flows/${ID}/versions/1/restore`)).toHaveLength(1);
    expect(nudges()).toEqual(['Version 1 was copied into the draft.']);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved, not published'));

    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard the draft’s changes?' });
    expect(discard).toHaveTextContent('The draft goes back to version 2, the live one.');
    await userEvent.click(within(discard).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(stepNames()).toEqual(['Trigger', 'Step 1: Wait', 'Step 2: Send a mail']));
    expect(fake.callsTo(`DELETE ${DRAFT}`)).toHaveLength(1);
  });

  it('drops unsaved changes after asking, without calling the server when nothing was saved', async () => {
    const fake = flowServer();
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(stepNames()).toEqual(['Trigger', 'Step 1: Send a mail']);
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft’s changes?' });
    expect(dialog).toHaveTextContent('Your unsaved changes are lost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(stepNames()).toEqual(['Trigger', 'Step 1: Wait', 'Step 2: Send a mail']);
    expect(fake.callsTo(`DELETE ${DRAFT}`)).toHaveLength(0);
  });

  it('pauses the flow, and deletes it after asking', async () => {
    const fake = flowServer({
      [`DELETE /v1/flows/${ID}`]: new Response(null, { status: 204 }),
      'GET /v1/flows': json(200, { items: [], nextPageToken: null }),
    });
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Welcome series');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(fake.callsTo(`PATCH /v1/flows/${ID}`).map((call) => call.body)).toEqual([{ status: 'paused' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete flow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Welcome series?' });
    expect(dialog).toHaveTextContent('5 subscribers are still in it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete flow' }));
    expect(await screen.findByText('No flows yet.')).toBeInTheDocument();
    expect(fake.callsTo(`DELETE /v1/flows/${ID}`)).toHaveLength(1);
  });

  it('shows a reader everything and no control to change it', async () => {
    renderWithModules(PAGE, flowServer({}, FLOW_READER).fetch);
    await screen.findByText('Welcome series');
    expect(screen.getByText(/You can read this flow, its steps and versions, but not change them/)).toBeInTheDocument();
    expect(stepNames()).toEqual(['Trigger', 'Step 1: Wait', 'Step 2: Send a mail']);
    await screen.findByRole('list', { name: 'Published versions' });
    for (const name of ['Save draft', 'Publish', 'Test send', 'Discard changes', 'Pause', 'Delete flow', 'Rename'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Move|Remove|Add a step|Restore/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Add a step/ })).not.toBeInTheDocument();
  });

  it('lets an editor without mail.send edit and pause, but not publish or resume, and says why', async () => {
    renderWithModules(PAGE, flowServer({}, FLOW_EDITOR).fetch);
    await screen.findByText('Welcome series');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.getByText(/Publishing and resuming need the mail.send permission/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText(/Paused: nobody enters/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('says when the flow cannot be loaded', async () => {
    renderWithModules(
      PAGE,
      flowApi({
        [`GET /v1/flows/${ID}`]: apiError(404, 'FLOW_NOT_FOUND', 'There is no such flow in this project.'),
        [`GET ${DRAFT}`]: apiError(404, 'FLOW_NOT_FOUND', 'There is no such flow in this project.'),
      }).fetch,
    );
    expect(await screen.findByText('There is no such flow in this project.')).toBeInTheDocument();
  });
});
