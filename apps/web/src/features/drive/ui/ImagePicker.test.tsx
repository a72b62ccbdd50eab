import { createClient } from '@wharf/client';
import type { DriveFile } from '@wharf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientContext } from '../../../app/api-client';
import { driveApi, driveFileFixture, P } from '../drive-fixtures';
import { ImagePicker, pickerQuery } from './ImagePicker';

const files = [
  driveFileFixture(1, { name: 'harbour.png', tags: ['summer'] }),
  driveFileFixture(2, { name: 'lighthouse.png' }),
  driveFileFixture(3, { name: 'price-list.pdf', type: 'application/pdf' }),
];

function renderPicker(onPick: (file: DriveFile) => void) {
  const api = driveApi({ files });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={createClient({ fetch: api.fetch })}>
        <ImagePicker project={P} onPick={onPick} trigger={<button type="button">Add a photo</button>} />
      </ApiClientContext>
    </QueryClientProvider>,
  );
  return api;
}

describe('ImagePicker', () => {
  it('asks for images only, with the words typed', () => {
    expect(pickerQuery('')).toBe('type:image');
    expect(pickerQuery('  harbour ')).toBe('type:image harbour');
  });

  it('lists the project’s images when opened, narrows them by search and hands back the one chosen', async () => {
    const onPick = vi.fn();
    const api = renderPicker(onPick);
    expect(api.callsTo('GET /v1/drive/metadata')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Add a photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    const list = await within(dialog).findByRole('list', { name: 'Images' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Choose lighthouse.png', 'Choose harbour.png']);
    expect(api.listQueries()[0]).toMatchObject({ project: P, query: 'type:image', sortBy: '-created' });

    await userEvent.type(within(dialog).getByLabelText('Search images'), 'tag:summer');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(api.listQueries().at(-1)).toMatchObject({ query: 'type:image tag:summer' });

    await userEvent.click(within(list).getByRole('button', { name: 'Choose harbour.png' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: files[0]!.id, name: 'harbour.png' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when a search finds nothing, and when the search cannot be read', async () => {
    renderPicker(vi.fn());
    await userEvent.click(screen.getByRole('button', { name: 'Add a photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    await within(dialog).findByRole('list', { name: 'Images' });
    await userEvent.type(within(dialog).getByLabelText('Search images'), 'anchor');
    expect(await within(dialog).findByText('No images match “anchor”.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Search images'));
    await userEvent.type(within(dialog).getByLabelText('Search images'), 'type:spreadsheet');
    expect(await within(dialog).findByText(/Unknown type "spreadsheet" in the search/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Search images')).toHaveAttribute('aria-invalid', 'true');
  });
});
