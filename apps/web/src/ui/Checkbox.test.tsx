import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('is labelled, and toggles on a click on the box or on its label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Remember me" onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByText('Remember me'));
    expect(box).not.toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('toggles on Space', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="I accept the terms" />);
    await user.tab();
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('shows its error, tied to the box', () => {
    render(<Checkbox label="I accept the terms" error="Accept the terms to go on." />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('Accept the terms to go on.');
  });

  it('can be indeterminate, and leaves that state when chosen', async () => {
    function SelectAll() {
      const [state, setState] = useState<'some' | 'all' | 'none'>('some');
      return (
        <Checkbox
          label="Select all"
          checked={state === 'all'}
          indeterminate={state === 'some'}
          onChange={(event) => setState(event.target.checked ? 'all' : 'none')}
        />
      );
    }
    const user = userEvent.setup();
    render(<SelectAll />);
    const box = screen.getByRole('checkbox', { name: 'Select all' });
    expect(box).toBePartiallyChecked();
    await user.click(box);
    expect(box).not.toBePartiallyChecked();
    expect(box).toBeChecked();
  });

  it('passes its ref on to the input', () => {
    let node: HTMLInputElement | null = null;
    render(<Checkbox label="Notify me" ref={(element) => void (node = element)} />);
    expect(node).toBe(screen.getByRole('checkbox', { name: 'Notify me' }));
  });
});
