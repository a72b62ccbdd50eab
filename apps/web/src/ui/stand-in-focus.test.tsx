import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownPanel } from './Dropdown';

// Radix comes when the test lets it (see StandInTrigger.test.tsx).
const gate = vi.hoisted(() => ({ asked: 0, release: (): void => undefined }));
vi.mock('./overlays', async () => (await import('../test/gated-overlays')).gatedOverlays(gate));

describe('a stand-in trigger with the focus', () => {
  it('opens from the keyboard; the focus moves into the panel and comes back to the trigger that replaced it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <DropdownPanel label="Account" trigger={<button type="button">Account</button>}>
          <button type="button">Sign out</button>
        </DropdownPanel>
      </>,
    );
    await user.tab();
    await user.tab();
    const standIn = screen.getByRole('button', { name: 'Account' });
    expect(standIn).toHaveFocus();
    // The focus is intent enough: the code is asked for before any press.
    expect(gate.asked).toBe(1);

    await user.keyboard('{Enter}');
    await act(async () => gate.release());
    const panel = await screen.findByRole('dialog', { name: 'Account' });
    await vi.waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const real = screen.getByRole('button', { name: 'Account' });
    expect(real).not.toBe(standIn);
    expect(real).toHaveFocus();
  });
});
