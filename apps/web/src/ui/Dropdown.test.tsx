import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import {
  DROPDOWN_MAX_HEIGHT,
  DROPDOWN_OFFSET,
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownPanel,
  useDropdownClose,
} from './Dropdown';

/** Pretends the screen is `width` px wide, for the `(min-width: …)` queries the components ask. */
function screenWidth(width: number) {
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
      return {
        matches: width >= min,
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      };
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function Actions({ onRename = vi.fn(), onDelete = vi.fn() } = {}) {
  return (
    <>
      <button type="button">Outside</button>
      <DropdownMenu label="Project actions" trigger={<Button>Actions</Button>}>
        <DropdownMenuLabel>Project</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onRename}>Rename</DropdownMenuItem>
        <DropdownMenuItem disabled>Archive</DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="#settings">Settings</a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={onDelete}>
          Delete
        </DropdownMenuItem>
      </DropdownMenu>
    </>
  );
}

function SignOut() {
  const close = useDropdownClose();
  return <Button onClick={close}>Sign out</Button>;
}

function Account() {
  return (
    <>
      <button type="button">Outside</button>
      <DropdownPanel label="Account" width={300} maxHeight={610} trigger={<Button>Ada Lovelace</Button>}>
        <p>ada@example.com</p>
        <SignOut />
      </DropdownPanel>
    </>
  );
}

describe('DropdownMenu on wide screens', () => {
  it('opens below, right aligned, 0.5rem away, at most 500px high, on the dropdown layer', async () => {
    const user = userEvent.setup();
    render(<Actions />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('menu', { name: 'Project actions' });
    expect(menu).toHaveAttribute('data-side', 'bottom');
    expect(menu).toHaveAttribute('data-align', 'end');
    expect(menu.style.maxHeight).toContain('500px');
    expect(menu.className).toContain('z-dropdown');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // jsdom has no layout to measure the gap in; 8px is 0.5rem at the browser's 16px.
    expect([DROPDOWN_OFFSET, DROPDOWN_MAX_HEIGHT]).toEqual([8, 500]);
  });

  it('moves through its items with the arrow keys, skipping disabled ones, and wraps', async () => {
    const user = userEvent.setup();
    render(<Actions />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await user.keyboard('{Enter}');
    const rename = await screen.findByRole('menuitem', { name: 'Rename' });
    await waitFor(() => expect(rename).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rename).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('jumps to an item by typing its first letter, and chooses it with Enter', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Actions onDelete={onDelete} />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await user.keyboard('d');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
  });

  it('runs an item on click and closes', async () => {
    const user = userEvent.setup();
    const onRename = vi.fn();
    render(<Actions onRename={onRename} />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('closes on Escape and on a click outside', async () => {
    const user = userEvent.setup();
    render(<Actions />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await screen.findByRole('menu');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('DropdownPanel on wide screens', () => {
  it('is a popover of the given width and height that closes on a click outside', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    render(<Account />);
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    const panel = await screen.findByRole('dialog', { name: 'Account' });
    expect(panel).toHaveTextContent('ada@example.com');
    expect(panel.style.width).toBe('300px');
    expect(panel.style.maxHeight).toContain('610px');
    expect(panel).toHaveAttribute('data-align', 'end');
    expect(panel.className).toContain('z-dropdown');
    expect(document.querySelector('[data-popup-backdrop]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Outside' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Escape with the focus back on its trigger, and from inside', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    render(<Account />);
    const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Account' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Radix's trigger took the stand-in's place on the first opening (ui/StandInTrigger.tsx).
    const radixTrigger = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(radixTrigger).toHaveFocus();

    await user.click(radixTrigger);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('dropdowns on narrow screens (below 640px)', () => {
  it('opens a menu as a bottom sheet popup, with arrow keys and typeahead', async () => {
    screenWidth(390);
    const user = userEvent.setup();
    const onRename = vi.fn();
    render(<Actions onRename={onRename} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    await user.click(trigger);
    const sheet = await screen.findByRole('dialog', { name: 'Project actions' });
    expect(sheet.className).toContain('rounded-t-2xl');
    expect(document.querySelector('[data-popup-backdrop]')?.className).toContain('z-modal');
    expect(screen.getByRole('menu', { name: 'Project actions' })).toBeInTheDocument();

    const rename = screen.getByRole('menuitem', { name: 'Rename' });
    expect(rename).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(rename).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('r');
    expect(rename).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(onRename).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
  });

  it('does not run a disabled item', async () => {
    screenWidth(390);
    const user = userEvent.setup();
    render(<Actions />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const archive = await screen.findByRole('menuitem', { name: 'Archive' });
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    await user.click(archive);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens a panel as a bottom sheet that closes on the backdrop and from inside', async () => {
    screenWidth(390);
    const user = userEvent.setup();
    render(<Account />);
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    const sheet = await screen.findByRole('dialog', { name: 'Account' });
    expect(sheet).toHaveTextContent('ada@example.com');
    expect(sheet.style.maxHeight).toContain('610px');

    const backdrop = document.querySelector<HTMLElement>('[data-popup-backdrop]');
    await user.pointer({ keys: '[MouseLeft]', target: backdrop as HTMLElement });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the popover on screens 640px wide', async () => {
    screenWidth(640);
    const user = userEvent.setup();
    render(<Account />);
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await screen.findByRole('dialog', { name: 'Account' });
    expect(document.querySelector('[data-popup-backdrop]')).toBeNull();
  });
});
