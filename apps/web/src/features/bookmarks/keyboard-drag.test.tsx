import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import type * as Toasts from '../toasts/toasts';
import { bookmarkFixture, bookmarksApi, project, stubPages, tab, TAB_A } from './bookmarks-fixtures';

vi.mock('../toasts/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  nudge: vi.fn(),
}));

/**
 * jsdom lays nothing out, and dragging needs places: the tabs get a row at the top of the panel
 * and the bookmarks a column under it, 40px each.
 */
function layOut() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const box = (left: number, top: number, width: number, height: number) =>
      ({
        left,
        top,
        width,
        height,
        right: left + width,
        bottom: top + height,
        x: left,
        y: top,
        toJSON() {},
      }) as DOMRect;
    if (this.getAttribute('role') === 'tab') {
      const index = [...(this.parentElement?.children ?? [])].indexOf(this);
      return box(index * 100, 0, 90, 36);
    }
    if (this.tagName === 'LI' && this.closest('[role="tabpanel"]')) {
      const index = [...(this.parentElement?.children ?? [])].indexOf(this);
      return box(0, 60 + index * 40, 300, 40);
    }
    return original.call(this);
  });
}

beforeEach(layOut);
afterEach(() => vi.restoreAllMocks());

const bookmarks = [
  bookmarkFixture(1, { title: 'First' }),
  bookmarkFixture(2, { title: 'Second' }),
  bookmarkFixture(3, { title: 'Third' }),
];
const one = (id: string) => `PATCH /v1/projects/${project.id}/bookmarks/${id}`;

async function openPanel() {
  const api = bookmarksApi({ bookmarks, tabs: [tab(TAB_A, 'Daily', 1)] });
  renderApp(`/users?project=${project.id}`, api.fetch, stubPages);
  await userEvent.click(await screen.findByRole('button', { name: 'Bookmarks' }));
  const panel = await screen.findByRole('dialog', { name: 'Bookmarks' });
  await within(panel).findByRole('tab', { name: 'Daily' });
  return { api, panel, handle: await within(panel).findByRole('button', { name: 'Reorder First' }) };
}

/** Presses a key on the dragged handle and lets dnd-kit measure and move. */
async function press(key: string) {
  await userEvent.keyboard(key);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('dragging a bookmark from the keyboard', () => {
  it('moves it down its tab with Space, the arrow keys and Space', async () => {
    const { api, handle } = await openPanel();
    handle.focus();
    await press(' ');
    await press('{ArrowDown}');
    await press('{ArrowDown}');
    await press(' ');
    await waitFor(() => expect(api.callsTo(one(bookmarks[0]!.id))).toHaveLength(1));
    expect(api.callsTo(one(bookmarks[0]!.id))[0]!.body).toEqual({ tabId: null, tabSortOrder: 3 });
  });

  it('drops it on a tab, last there', async () => {
    const { api, handle } = await openPanel();
    handle.focus();
    await press(' ');
    await press('{ArrowUp}');
    await press('{ArrowRight}');
    await press(' ');
    await waitFor(() => expect(api.callsTo(one(bookmarks[0]!.id))).toHaveLength(1));
    expect(api.callsTo(one(bookmarks[0]!.id))[0]!.body).toEqual({ tabId: TAB_A, tabSortOrder: 1 });
  });

  it('cancels with Escape, which leaves the panel open', async () => {
    const { api, panel, handle } = await openPanel();
    handle.focus();
    await press(' ');
    await press('{ArrowDown}');
    await press('{Escape}');
    expect(panel).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Bookmarks' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });
});
