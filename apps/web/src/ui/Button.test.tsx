import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

describe('Button', () => {
  it('is a plain button (never submits a form by accident) that reports clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('has the SPEC.md paddings: 0.5rem/1rem, small 0.2rem/0.6rem', () => {
    render(
      <>
        <Button>Default</Button>
        <Button size="small">Small</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Default' }).className).toMatch(/\bpx-4\b.*\bpy-2\b/);
    expect(screen.getByRole('button', { name: 'Small' }).className).toContain('px-[0.6rem] py-[0.2rem]');
  });

  it('shows a focus ring to keyboard users', async () => {
    render(<Button variant="ghost">Menu</Button>);
    await userEvent.tab();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveFocus();
    expect(button.className).toContain('focus-visible:outline-2');
  });
});
