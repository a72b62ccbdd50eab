import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Popup, PopupClose } from './Popup';
import { TextField } from './TextField';

function backdrop(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-popup-backdrop]');
  if (!element) throw new Error('no backdrop');
  return element;
}

/** A page with a button that opens a controlled popup, like a screen would use it. */
function Page(props: Partial<Parameters<typeof Popup>[0]>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit name</Button>
      <Popup
        title="Edit name"
        description="How the project is shown."
        open={open}
        onOpenChange={setOpen}
        footer={
          <PopupClose>
            <Button variant="secondary">Cancel</Button>
          </PopupClose>
        }
        {...props}
      >
        <TextField label="Name" />
      </Popup>
    </>
  );
}

async function openPage(props: Partial<Parameters<typeof Popup>[0]> = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Edit name' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit name' });
  return { user, dialog };
}

describe('Popup', () => {
  it('is a labelled, described modal dialog whose focus starts on the first field', async () => {
    const { dialog } = await openPage();
    expect(dialog).toHaveAccessibleDescription('How the project is shown.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('has the SPEC.md defaults: 800px wide, 700px high at most, on the modal layer, blurred', async () => {
    const { dialog } = await openPage();
    expect(dialog.style.maxWidth).toBe('800px');
    expect(dialog.style.maxHeight).toContain('700px');
    expect(backdrop().className).toContain('z-modal');
    expect(backdrop().className).toContain('backdrop-blur');
  });

  it('takes other sizes, and no blur', async () => {
    const { dialog } = await openPage({ maxWidth: 900, maxHeight: '80vh', blur: false });
    expect(dialog.style.maxWidth).toBe('900px');
    expect(dialog.style.maxHeight).toContain('80vh');
    expect(backdrop().className).not.toContain('backdrop-blur');
  });

  it('closes on its close button and gives the focus back to the button that opened it', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit name' })).toHaveFocus();
  });

  it('closes on a footer button wrapped in PopupClose', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Escape and gives the focus back', async () => {
    const { user } = await openPage();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit name' })).toHaveFocus();
  });

  it('lets its opener send the focus elsewhere on closing (a composer after a picture is chosen)', async () => {
    const elsewhere = document.createElement('textarea');
    document.body.append(elsewhere);
    const { user } = await openPage({
      onCloseAutoFocus: (event) => {
        event.preventDefault();
        elsewhere.focus();
      },
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });

  it('keeps the focus inside while open', async () => {
    const { user, dialog } = await openPage();
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes on a press that starts and ends on the backdrop', async () => {
    const { user } = await openPage();
    await user.pointer({ keys: '[MouseLeft]', target: backdrop() });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit name' })).toHaveFocus();
  });

  it('stays open for a press that starts inside and ends on the backdrop (selecting text)', async () => {
    const { user } = await openPage();
    await user.pointer([
      { keys: '[MouseLeft>]', target: screen.getByLabelText('Name') },
      { target: backdrop() },
      { keys: '[/MouseLeft]' },
    ]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stays open for a press that starts on the backdrop and ends inside', async () => {
    const { user, dialog } = await openPage();
    await user.pointer([{ keys: '[MouseLeft>]', target: backdrop() }, { target: dialog }, { keys: '[/MouseLeft]' }]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stays open for presses inside', async () => {
    const { user, dialog } = await openPage();
    await user.click(dialog);
    await user.click(screen.getByLabelText('Name'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('ignores the backdrop when closeOnBackdrop is false', async () => {
    const { user } = await openPage({ closeOnBackdrop: false });
    await user.pointer({ keys: '[MouseLeft]', target: backdrop() });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cannot be dismissed while not dismissible', async () => {
    const { user } = await openPage({ dismissible: false });
    await user.keyboard('{Escape}');
    await user.pointer({ keys: '[MouseLeft]', target: backdrop() });
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens from its own trigger, uncontrolled, and reports open changes', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Popup title="Terms" trigger={<Button>Read the terms</Button>} onOpenChange={onOpenChange}>
        <p>The terms.</p>
      </Popup>,
    );
    const trigger = screen.getByRole('button', { name: 'Read the terms' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Terms' })).toHaveTextContent('The terms.');
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    // Radix's trigger took the stand-in's place on the first opening (ui/StandInTrigger.tsx).
    expect(screen.getByRole('button', { name: 'Read the terms' })).toHaveFocus();
  });

  it('can keep its title for screen readers only, and be a bottom sheet', async () => {
    render(
      <Popup title="Account" hideTitle placement="sheet" defaultOpen>
        <p>Body</p>
      </Popup>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    expect(screen.getByText('Account').parentElement).toHaveClass('sr-only');
    expect(dialog.className).toContain('rounded-t-2xl');
    expect(backdrop().className).toContain('items-end');
  });
});
