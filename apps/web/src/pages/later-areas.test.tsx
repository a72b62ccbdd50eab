import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProject, projectPageApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const project = fakeProject(1, { name: 'Harbour Goods' });
const P = project.id;

/**
 * SPEC.md section 2's routes of later areas: each shows its real empty state and one next step.
 * The module store (/store) has its own tests (pages/store) since the modules issue, chat (pages/chat) since
 * the chat issue.
 */
const areas = [
  ['/resupply/shop', 'Resupply', 'projects.read', 'Your basket is empty', 'Back to the dashboard'],
] as const;

describe('routes of later areas (SPEC.md section 2)', () => {
  it.each(areas)('%s shows %s and its empty state', async (path, title, permission, empty, next) => {
    renderApp(`${path}?project=${P}`, projectPageApi([permission]).fetch);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: next })).toHaveAttribute('href', expect.stringContaining(`project=${P}`));
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(document.title).toBe(`${title} - Wharf`);
  });

  it('says why a page is denied and shows nothing of it', async () => {
    renderApp(`/billing/invoices?project=${P}`, projectPageApi(['projects.read']).fetch);
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText(/\(billing\.read\)/)).toBeInTheDocument();
    expect(screen.queryByText('No invoices yet')).not.toBeInTheDocument();
  });
});
