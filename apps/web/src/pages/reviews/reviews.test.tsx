import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { dayEnd, dayStart, daysAgo } from '../../features/storefront/filters';
import { exportFixture, P, PLATFORM } from '../../features/storefront/storefront-fixtures';
import { apiError, deferred, json, queryOf } from '../../test/fake-api';
import { projectNav } from '../../test/menu-queries';
import { counts, detailOf, READER, reviewFixture, reviewId, reviewPage, reviewsApi } from './review-fixtures';

afterEach(() => {
  forgetModules();
});

const QUEUE = `/platform/reviews?project=${P}`;
const LIST = `GET ${PLATFORM}/reviews`;
const moderateRoute = (n: number) => `PATCH ${PLATFORM}/reviews/${reviewId(n)}/moderate`;

const withPhoto = reviewFixture(5, {
  title: 'Lovely mug',
  body: 'Keeps the tea hot.',
  photos: [
    {
      id: 'f11e0000-0000-4000-8000-000000000001',
      name: 'mug.png',
      preview: {
        src: `/v1/drive/public/${P}/files/f11e0000-0000-4000-8000-000000000001?type=jpg&width=400`,
        sources: [],
        expiresAt: '2999-01-01T00:00:00.000Z',
      },
    },
  ],
});
const store = reviewFixture(2, { kind: 'store', product: null, title: null, body: 'Slow delivery.' });
const cards = () => within(screen.getByRole('list', { name: /reviews, newest first/ })).getAllByRole('article');

describe('the Reviews moderation queue (platform.reviews)', () => {
  it('shows the pending reviews first, with each status’s count, stars, photos and a menu entry', async () => {
    const fake = reviewsApi({ [LIST]: reviewPage([withPhoto, store], null, counts({ pending: 2, approved: 7 })) });
    renderWithModules(QUEUE, fake.fetch);
    expect(await screen.findByText('Lovely mug')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(queryOf(fake.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '20', status: 'pending', sortBy: 'newest' });

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Pending 2', 'Approved 7', 'Rejected 0', 'Hidden 0']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    const [first, second] = cards();
    expect(within(first!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(first!).getByText('Keeps the tea hot.')).toBeInTheDocument();
    expect(within(first!).getByText('Harbour mug (MUG-1)')).toBeInTheDocument();
    expect(within(first!).getByText('reviewer5@example.com')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'mug.png' })).toHaveAttribute(
      'src',
      withPhoto.photos[0]!.preview!.src,
    );
    expect(within(first!).getByText('Pending')).toHaveAttribute('data-status', 'pending');
    expect(within(second!).getByText('The store')).toBeInTheDocument();
    expect(within(second!).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();

    const nav = await projectNav();
    // The page's own entry, besides the module's settings under Modules.
    const links = within(nav).getAllByRole('link', { name: 'Reviews', hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toContain(QUEUE);
  });

  it('switches tabs, searches, filters by rating and dates, sorts, and pages with the next page token', async () => {
    const fake = reviewsApi({
      [LIST]: (call) =>
        queryOf(call).pageToken === 'next-1' ? reviewPage([store]) : reviewPage([withPhoto], 'next-1'),
    });
    renderWithModules(QUEUE, fake.fetch);
    await screen.findByText('Lovely mug');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Slow delivery.');
    expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ pageToken: 'next-1' });

    await userEvent.click(screen.getByRole('tab', { name: /Approved/ }));
    await waitFor(() => expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ status: 'approved' }));
    expect(screen.getByRole('tab', { name: /Approved/ })).toHaveAttribute('aria-selected', 'true');
    // The arrow keys move between tabs.
    fireEvent.keyDown(screen.getByRole('tab', { name: /Approved/ }), { key: 'ArrowRight' });
    await waitFor(() => expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ status: 'rejected' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search reviews' }), 'mug');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '4');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'lowest');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(queryOf(fake.callsTo(LIST).at(-1))).toEqual({
        project: P,
        pageSize: '20',
        status: 'rejected',
        sortBy: 'lowest',
        search: 'mug',
        rating: '4',
        start: dayStart('2026-11-01'),
        end: dayEnd('2026-11-30'),
      }),
    );
  });

  it('approves and hides at once, and asks for a reason before rejecting', async () => {
    const fake = reviewsApi({
      [LIST]: reviewPage([withPhoto]),
      [moderateRoute(5)]: (call) => {
        const body = call.body as { decision: string };
        const status = { approve: 'approved', reject: 'rejected', hide: 'hidden' }[body.decision];
        return json(200, detailOf({ ...withPhoto, status: status as 'approved' }));
      },
    });
    renderWithModules(QUEUE, fake.fetch);
    await screen.findByText('Lovely mug');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(fake.callsTo(moderateRoute(5))[0]?.body).toEqual({ decision: 'approve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(fake.callsTo(moderateRoute(5))[1]?.body).toEqual({ decision: 'hide' }));

    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    expect(within(dialog).getByText('Say why the review is rejected.')).toBeInTheDocument();
    expect(fake.callsTo(moderateRoute(5))).toHaveLength(2);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Names a member of staff. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    await waitFor(() =>
      expect(fake.callsTo(moderateRoute(5))[2]?.body).toEqual({
        decision: 'reject',
        reason: 'Names a member of staff.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject review' })).not.toBeInTheDocument());
  });

  it('says why a refused decision was not saved', async () => {
    const fake = reviewsApi({
      [LIST]: reviewPage([withPhoto]),
      [moderateRoute(5)]: apiError(404, 'REVIEW_NOT_FOUND', 'There is no such review in this project.'),
    });
    renderWithModules(QUEUE, fake.fetch);
    await screen.findByText('Lovely mug');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The decision was not saved')).toBeInTheDocument();
    expect(screen.getByText('There is no such review in this project.')).toBeInTheDocument();
  });

  it('opens a review’s decision log: who decided what, when and why', async () => {
    const rejected = reviewFixture(3, { status: 'rejected', rejectionReason: 'Spam' });
    const fake = reviewsApi({
      [LIST]: reviewPage([rejected]),
      [`GET ${PLATFORM}/reviews/${reviewId(3)}`]: json(
        200,
        detailOf(rejected, [
          {
            id: 'a0000000-0000-4000-8000-000000000002',
            at: rejected.submittedAt,
            decision: 'rejected',
            reason: 'Spam',
            actor: 'Olivia Owner',
          },
        ]),
      ),
    });
    renderWithModules(QUEUE, fake.fetch);
    expect(await screen.findByText('Rejected: Spam')).toBeInTheDocument();
    // A rejected review can be approved or hidden, not rejected again.
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Decisions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const log = await screen.findByRole('list', { name: 'Decisions, oldest first' });
    const lines = within(log).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Sent in by Reviewer 3');
    expect(lines[1]).toHaveTextContent('Rejected by Olivia Owner');
    expect(lines[1]).toHaveTextContent('“Spam”');
  });

  it('shows readers the reviews without the decisions they may not make', async () => {
    const fake = reviewsApi({ [LIST]: reviewPage([withPhoto]) }, READER);
    renderWithModules(QUEUE, fake.fetch);
    await screen.findByText('Lovely mug');
    expect(screen.getByText(/You can read reviews but not approve, reject or hide them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();
  });

  it('shows loading, then the empty state, says when filters match nothing, and offers to retry a failure', async () => {
    const answer = deferred<Response>();
    let calls = 0;
    const fake = reviewsApi({
      [LIST]: () => {
        calls += 1;
        if (calls === 1) return answer.promise;
        if (calls === 2) return reviewPage([]);
        if (calls === 3) return apiError(400, 'SEARCH_TOO_LONG', 'Search with at most 8 words.');
        return reviewPage([store]);
      },
    });
    renderWithModules(QUEUE, fake.fetch);
    expect(await screen.findByText('Loading reviews…')).toBeInTheDocument();
    answer.resolve(reviewPage([]));
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByText(/Nothing waits for a decision/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '1');
    expect(await screen.findByText('No reviews match these filters.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '2');
    expect(await screen.findByText('The reviews could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Search with at most 8 words.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Slow delivery.')).toBeInTheDocument();
  });

  it('exports the tab’s reviews in the background, from 30 days ago unless a start is chosen', async () => {
    const fake = reviewsApi({
      [LIST]: reviewPage([withPhoto]),
      [`POST ${PLATFORM}/reviews/export`]: json(
        202,
        exportFixture({ kind: 'reviews', fileName: 'reviews-2026-11-27.csv' }),
      ),
      [`GET ${PLATFORM}/exports/${exportFixture().id}`]: json(
        200,
        exportFixture({ kind: 'reviews', status: 'running', rows: 2, total: 5, fileName: 'reviews-2026-11-27.csv' }),
      ),
    });
    renderWithModules(QUEUE, fake.fetch);
    await screen.findByText('Lovely mug');
    await userEvent.click(screen.getByRole('button', { name: 'Export pending' }));
    expect(await screen.findByText('Exporting reviews: 2 of 5 rows')).toBeInTheDocument();
    expect(queryOf(fake.callsTo(`POST ${PLATFORM}/reviews/export`)[0])).toEqual({
      project: P,
      start: dayStart(daysAgo(30)),
      status: 'pending',
    });
  });

  it('says why the page is not available to a role without reviews.read, and asks nothing', async () => {
    const fake = reviewsApi({ [LIST]: reviewPage([withPhoto]) }, ['projects.read', 'orders.read']);
    renderWithModules(QUEUE, fake.fetch);
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText(/\(reviews\.read\)/)).toBeInTheDocument();
    expect(fake.callsTo(LIST)).toHaveLength(0);
  });
});
