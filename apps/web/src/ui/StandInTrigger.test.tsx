import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu, DropdownMenuItem } from './Dropdown';
import { Popup } from './Popup';

// Radix as it comes in the browser: later, when the test lets it (the test setup's own copy of
// ui/overlays.ts is already loaded; this file's Popup and Dropdown get this one).
const gate = vi.hoisted(() => ({ asked: 0, release: (): void => undefined }));
vi.mock('./overlays', async () => (await import('../test/gated-overlays')).gatedOverlays(gate));

describe('popups and dropdowns before their first opening (ui/overlays.ts)', () => {
  it('show their triggers at once, fetch Radix on intent, and open on a press once it has come', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Popup title="Rename project" trigger={<button type="button">Rename</button>}>
          <input aria-label="Name" />
        </Popup>
        <DropdownMenu label="Actions" trigger={<button type="button">Actions</button>}>
          <DropdownMenuItem>Archive</DropdownMenuItem>
        </DropdownMenu>
      </>,
    );
    const rename = screen.getByRole('button', { name: 'Rename' });
    expect(rename).toHaveAttribute('aria-haspopup', 'dialog');
    expect(rename).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveAttribute('aria-haspopup', 'menu');
    // Nothing is fetched for a page that only shows the triggers.
    expect(gate.asked).toBe(0);

    await user.hover(rename);
    expect(gate.asked).toBe(1);
    await user.click(rename);
    // The press is kept while the code is on its way.
    expect(screen.getByRole('button', { name: 'Rename' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => gate.release());
    const dialog = await screen.findByRole('dialog', { name: 'Rename project' });
    expect(dialog).toContainElement(screen.getByLabelText('Name'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Radix's trigger, which took the stand-in's place (and its focus) when the popup opened.
    const renameNow = screen.getByRole('button', { name: 'Rename' });
    expect(renameNow).not.toHaveAttribute('data-stand-in');
    expect(renameNow).toHaveFocus();

    // The menu, never opened, is still a stand-in; ArrowDown opens it, as Radix's trigger does.
    const actions = screen.getByRole('button', { name: 'Actions' });
    expect(actions).toHaveAttribute('data-stand-in');
    actions.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Archive' })).toBeInTheDocument();
    expect(gate.asked).toBe(1);
  });
});
