import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json, queryOf } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { blogApi, blogFixture, LIST_BLOGS, searchOf } from './support-fixtures';

const SHELL_FILTER = 'visibility:published type:parent-platform,project';

const tutorials = [
  blogFixture(1, { title: 'Invite your team', excerpt: 'Bring your staff into your project.' }),
  blogFixture(2, { title: 'Create an API key' }),
  blogFixture(3, { title: 'Set up two-factor authentication' }),
  blogFixture(4, { title: 'Give someone billing access' }),
  blogFixture(5, { title: 'Start a project from a template' }),
];
const faqs = [
  blogFixture(11, {
    title: 'Which role should I give a new team member?',
    category: 'faq',
    content: '<p>Start with <strong>Member</strong>.</p>',
  }),
  blogFixture(12, {
    title: 'I lost my phone. How do I sign in?',
    category: 'faq',
    content: '<p>Use a recovery code.</p>',
  }),
];
const everything = [...tutorials, ...faqs];

describe('support home', () => {
  it('offers a 500px search, the tutorials and FAQs, and the latest tutorials', async () => {
    const api = blogApi(everything);
    renderApp('/support', api.fetch);
    expect(await screen.findByRole('heading', { name: 'Support', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Support - Wharf'));

    const search = screen.getByRole('search', { name: 'Help' });
    expect(search.parentElement).toHaveClass('max-w-[500px]', 'w-full');
    expect(within(search).getByLabelText('Search help')).toHaveAttribute('type', 'search');

    const topics = screen.getByRole('navigation', { name: 'Help topics' });
    expect(within(topics).getByRole('link', { name: 'Tutorials' })).toHaveAttribute('href', '/support/tutorials');
    expect(within(topics).getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/support/faqs');
    expect(within(topics).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');

    const latest = await screen.findByRole('region', { name: 'Latest tutorials' });
    await within(latest).findByRole('link', { name: 'Invite your team' });
    expect(within(latest).getAllByRole('article')).toHaveLength(4);
    expect(within(latest).getByRole('link', { name: 'Invite your team' })).toHaveAttribute(
      'href',
      '/support/tutorials/invite-your-team',
    );
    const [call] = api.callsTo(LIST_BLOGS);
    expect(queryOf(call)).toEqual({
      search: `${SHELL_FILTER} category:tutorial`,
      sortBy: '-createdAt',
      pageSize: '4',
    });
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('finds posts by title as you type, each linking to its tutorial page', async () => {
    const api = blogApi(everything);
    renderApp('/support', api.fetch);
    const box = await screen.findByLabelText('Search help');
    await userEvent.type(box, 'role');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const link = within(results).getByRole('link', { name: /Which role should I give a new team member\?/ });
    expect(link).toHaveAttribute('href', '/support/tutorials/which-role-should-i-give-a-new-team-member');
    expect(link).toHaveTextContent('FAQ');
    expect(searchOf(api.callsTo(LIST_BLOGS).at(-1))).toBe(`${SHELL_FILTER} "role"`);

    await userEvent.clear(box);
    await userEvent.type(box, 'visibility:draft');
    // The header has a search of its own: look in this one.
    const support = screen.getByRole('search', { name: 'Help' }).parentElement!;
    await waitFor(() => expect(within(support).getAllByText('No Results.')).not.toHaveLength(0));
    // Typed filters are taken as words, never as filters.
    expect(searchOf(api.callsTo(LIST_BLOGS).at(-1))).toBe(`${SHELL_FILTER} "visibility:draft"`);

    await userEvent.click(screen.getByLabelText('Search help'));
    await userEvent.clear(box);
    await userEvent.type(box, 'invite');
    await userEvent.click(await screen.findByRole('link', { name: /Invite your team/ }));
    expect(await screen.findByRole('heading', { name: 'Invite your team', level: 1 })).toBeInTheDocument();
  });

  it('says so when the platform has published nothing yet', async () => {
    renderApp('/support', blogApi([]).fetch);
    expect(await screen.findByText('No tutorials yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All tutorials' })).not.toBeInTheDocument();
  });

  it('shows a failure and tries again', async () => {
    let failing = true;
    const list = blogApi(tutorials);
    const api = blogApi(tutorials, {
      [LIST_BLOGS]: (call) => (failing ? apiError(500, 'INTERNAL_ERROR') : list.fetch(call.url)),
    });
    renderApp('/support', api.fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent('The tutorials could not be loaded');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Invite your team' })).toBeInTheDocument();
  });

  it('keeps the project in the links', async () => {
    const project = '00000000-0000-4000-b000-000000000001';
    renderApp(`/support?project=${project}`, blogApi(tutorials).fetch);
    const topics = await screen.findByRole('navigation', { name: 'Help topics' });
    expect(within(topics).getByRole('link', { name: 'FAQs' })).toHaveAttribute(
      'href',
      `/support/faqs?project=${project}`,
    );
  });

  it('sends a signed-out visitor to login first', async () => {
    const { router } = renderApp(
      '/support/faqs',
      fakeApi({ routes: { 'GET /omnis/v3/dashboard/user': apiError(401, 'UNAUTHENTICATED') } }).fetch,
    );
    await screen.findByRole('heading', { name: 'Sign in to Wharf' });
    expect(router.state.location.search).toEqual({ redirect: '/support/faqs' });
  });
});

describe('tutorials list', () => {
  it('lists tutorials as cards, newest first, and searches their titles', async () => {
    const api = blogApi(everything);
    renderApp('/support/tutorials', api.fetch);
    const list = await screen.findByRole('list', { name: 'Tutorials, newest first' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(5);
    expect(cards[0]).toHaveTextContent('Invite your team');
    expect(cards[0]).toHaveTextContent('Bring your staff into your project.');
    expect(cards[0]?.querySelector('time')).toHaveAttribute('datetime', tutorials[0]!.publishedAt);
    expect(screen.getByText('5 tutorials')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Support›Tutorials');
    expect(queryOf(api.callsTo(LIST_BLOGS)[0])).toEqual({
      search: `${SHELL_FILTER} category:tutorial`,
      sortBy: '-createdAt',
      pageSize: '12',
    });

    await userEvent.type(screen.getByLabelText('Search tutorials'), 'two factor');
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    expect(within(list).getByRole('article')).toHaveTextContent('Set up two-factor authentication');
    expect(searchOf(api.callsTo(LIST_BLOGS).at(-1))).toBe(`${SHELL_FILTER} category:tutorial "two" "factor"`);

    await userEvent.clear(screen.getByLabelText('Search tutorials'));
    await userEvent.type(screen.getByLabelText('Search tutorials'), 'payroll');
    expect(await screen.findByText('No tutorials match “payroll”.')).toBeInTheDocument();
  });

  it('pages with Load more', async () => {
    const many = Array.from({ length: 14 }, (_, i) => blogFixture(i + 1));
    const api = blogApi(many);
    renderApp('/support/tutorials', api.fetch);
    const list = await screen.findByRole('list', { name: 'Tutorials, newest first' });
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('12 tutorials shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(14));
    expect(queryOf(api.callsTo(LIST_BLOGS).at(-1)).pageToken).toBe('12');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('has an empty state without any tutorials', async () => {
    renderApp('/support/tutorials', blogApi([]).fetch);
    expect(await screen.findByText('No tutorials yet.')).toBeInTheDocument();
    expect(screen.getByText('Guides your platform publishes will show here.')).toBeInTheDocument();
  });
});

describe('a tutorial', () => {
  const post = blogFixture(1, {
    title: 'Invite your team',
    excerpt: 'Bring your staff in.',
    content:
      '<h2>Steps</h2><ol><li>Open <a href="/support/faqs" rel="noopener noreferrer">the FAQs</a></li></ol>' +
      '<p><a href="https://example.com/help" target="_blank" rel="noopener noreferrer">Outside help</a></p>',
  });

  it("shows the post's sanitised HTML under its title, with where it sits and who wrote it", async () => {
    const api = blogApi([post, ...faqs]);
    renderApp('/support/tutorials/invite-your-team', api.fetch);
    const article = await screen.findByRole('article', { name: 'Invite your team' });
    expect(within(article).getByRole('heading', { name: 'Invite your team', level: 1 })).toBeInTheDocument();
    expect(within(article).getByRole('heading', { name: 'Steps', level: 2 })).toBeInTheDocument();
    expect(article).toHaveTextContent('Tutorial');
    expect(article).toHaveTextContent('The Wharf team');
    expect(article).toHaveTextContent('Bring your staff in.');
    expect(within(article).getByRole('link', { name: 'Outside help' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Support›Tutorials›Invite your team',
    );
    expect(api.callsTo('GET /v1/blog/blogs/invite-your-team')).toHaveLength(1);
  });

  it("follows links to the console's own pages inside the app", async () => {
    const { router } = renderApp('/support/tutorials/invite-your-team', blogApi([post, ...faqs]).fetch);
    await userEvent.click(await screen.findByRole('link', { name: 'the FAQs' }));
    expect(await screen.findByRole('heading', { name: 'FAQs', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/support/faqs');
  });

  it('names an author when the post has one', async () => {
    const byAda = { ...post, author: { id: '3c8e8f5e-1a3b-4d5c-9e7f-0a1b2c3d4e5f', name: 'Ada Lovelace' } };
    renderApp('/support/tutorials/invite-your-team', blogApi([byAda]).fetch);
    expect(await screen.findByRole('article', { name: 'Invite your team' })).toHaveTextContent('Ada Lovelace');
  });

  it('says a missing or unpublished post was not found', async () => {
    const api = blogApi([], { 'GET /v1/blog/blogs/old-post': apiError(404, 'BLOG_NOT_FOUND', 'Post not found') });
    renderApp('/support/tutorials/old-post', api.fetch);
    expect(await screen.findByRole('heading', { name: 'Tutorial not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See every tutorial' })).toHaveAttribute('href', '/support/tutorials');
  });

  it('does not ask about an address no post can have', async () => {
    const api = blogApi([]);
    renderApp('/support/tutorials/not%20a%20slug!', api.fetch);
    expect(await screen.findByRole('heading', { name: 'Tutorial not found' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/v1/blog/blogs/'))).toHaveLength(0);
  });

  it('says it is loading, and shows a failure with Try again', async () => {
    const answer = deferred<Response>();
    let calls = 0;
    const api = blogApi([], {
      'GET /v1/blog/blogs/invite-your-team': () => (++calls === 1 ? answer.promise : json(200, post)),
    });
    renderApp('/support/tutorials/invite-your-team', api.fetch);
    expect(await screen.findByText('Loading the tutorial…')).toBeInTheDocument();
    answer.resolve(apiError(500, 'INTERNAL_ERROR'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The tutorial could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Invite your team' })).toBeInTheDocument();
  });
});

describe('FAQs', () => {
  it('lists the questions, each a native disclosure opening its answer in place', async () => {
    const api = blogApi(everything);
    renderApp('/support/faqs', api.fetch);
    const list = await screen.findByRole('list', { name: 'Questions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(queryOf(api.callsTo(LIST_BLOGS)[0])).toEqual({
      search: `${SHELL_FILTER} category:faq`,
      sortBy: '-createdAt',
      pageSize: '50',
    });

    const first = items[0]!.querySelector('details')!;
    const question = within(first).getByText('Which role should I give a new team member?');
    expect(first).not.toHaveAttribute('open');
    await userEvent.click(question);
    expect(first).toHaveAttribute('open');
    expect(within(first).getByText('Member')).toBeInTheDocument();

    // Each question is the native <summary> of its <details>: browsers put it in the tab order and
    // open it with Enter or Space (jsdom does neither, so this checks the markup that gives it).
    const second = items[1]!.querySelector('details')!;
    const summary = second.firstElementChild!;
    expect(summary.tagName).toBe('SUMMARY');
    expect(summary).not.toHaveAttribute('tabindex');
    expect(summary).not.toHaveAttribute('role');
    expect(summary).toHaveTextContent('I lost my phone. How do I sign in?');
    await userEvent.click(summary);
    expect(second).toHaveAttribute('open');
    await userEvent.click(summary);
    expect(second).not.toHaveAttribute('open');
  });

  it('opens the question named in the address', async () => {
    renderApp('/support/faqs#i-lost-my-phone-how-do-i-sign-in', blogApi(everything).fetch);
    await screen.findByRole('list', { name: 'Questions' });
    expect(document.getElementById('i-lost-my-phone-how-do-i-sign-in')).toHaveAttribute('open');
    expect(document.getElementById('which-role-should-i-give-a-new-team-member')).not.toHaveAttribute('open');
  });

  it('searches the questions, and has an empty state', async () => {
    const api = blogApi(faqs);
    renderApp('/support/faqs', api.fetch);
    await screen.findByRole('list', { name: 'Questions' });
    await userEvent.type(screen.getByLabelText('Search questions'), 'phone');
    await waitFor(() =>
      expect(screen.queryByText('Which role should I give a new team member?')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('I lost my phone. How do I sign in?')).toBeInTheDocument();

    renderApp('/support/faqs', blogApi([]).fetch);
    expect(await screen.findByText('No questions yet.')).toBeInTheDocument();
  });
});
