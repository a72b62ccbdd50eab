import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clampNumber, NumberInput, type NumberInputProps } from './NumberInput';

function renderField(props: Partial<NumberInputProps> = {}) {
  const user = userEvent.setup();
  const onValueChange = vi.fn();
  render(<NumberInput label="Seats" min={1} max={10} onValueChange={onValueChange} {...props} />);
  return { user, onValueChange, input: screen.getByRole('spinbutton', { name: 'Seats' }) };
}

describe('NumberInput', () => {
  it('is a labelled spinbutton with its hint and error', () => {
    renderField({ defaultValue: 3, hint: 'Up to 10.', error: 'Too many seats.' });
    const input = screen.getByRole('spinbutton', { name: 'Seats' });
    expect(input).toHaveValue('3');
    expect(input).toHaveAttribute('aria-valuenow', '3');
    expect(input).toHaveAttribute('aria-valuemin', '1');
    expect(input).toHaveAttribute('aria-valuemax', '10');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Too many seats. Up to 10.');
  });

  it('accepts typing freely and reports numbers as they are typed', async () => {
    const { user, input, onValueChange } = renderField({ min: -5 });
    await user.type(input, '-');
    expect(input).toHaveValue('-');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.type(input, '2');
    expect(onValueChange).toHaveBeenLastCalledWith(-2);
    await user.clear(input);
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('clamps to max and to min on blur', async () => {
    const { user, input, onValueChange } = renderField();
    await user.type(input, '25');
    expect(input).toHaveValue('25');
    await user.tab();
    expect(input).toHaveValue('10');
    expect(onValueChange).toHaveBeenLastCalledWith(10);

    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(input).toHaveValue('1');
    expect(onValueChange).toHaveBeenLastCalledWith(1);
  });

  it('SPEC.md section 5: 999 in a 1–60 field is shown as 60 on Enter, and the form gets 60', async () => {
    const user = userEvent.setup();
    const submitted: (number | null)[] = [];
    function Form() {
      const [minutes, setMinutes] = useState<number | null>(15);
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitted.push(minutes);
          }}
        >
          <NumberInput label="Minutes" min={1} max={60} value={minutes} onValueChange={setMinutes} />
        </form>
      );
    }
    render(<Form />);
    const input = screen.getByRole('spinbutton', { name: 'Minutes' });
    await user.clear(input);
    await user.type(input, '999{Enter}');
    expect(input).toHaveValue('60');
    await user.type(input, '{Enter}');
    expect(submitted.at(-1)).toBe(60);
    expect(clampNumber(999, 1, 60)).toBe(60);
    expect(clampNumber(-3, 1, 60)).toBe(1);
    expect(clampNumber(7)).toBe(7);
  });

  it('goes back to the last number when the text is not one, and stays empty when emptied', async () => {
    const { user, input, onValueChange } = renderField({ defaultValue: 4 });
    await user.clear(input);
    await user.type(input, '1e');
    await user.tab();
    expect(input).toHaveValue('1');
    expect(onValueChange).toHaveBeenLastCalledWith(1);

    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('');
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('steps with the arrow keys and Page Up/Down, within min and max', async () => {
    const { user, input, onValueChange } = renderField({ defaultValue: 9 });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('10');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('10');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('9');
    await user.keyboard('{PageDown}');
    expect(input).toHaveValue('1');
    expect(onValueChange).toHaveBeenLastCalledWith(1);
    await user.keyboard('{End}');
    expect(input).toHaveValue('10');
    await user.keyboard('{Home}');
    expect(input).toHaveValue('1');
  });

  it('steps an out-of-range number typed meanwhile into range', async () => {
    const { user, input } = renderField();
    await user.type(input, '40');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('10');
  });

  it('starts an empty field at min on the first step', async () => {
    const { user, input, onValueChange } = renderField({ min: 2 });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('2');
    expect(onValueChange).toHaveBeenLastCalledWith(2);
  });

  it('steps by decimals without floating-point dust, with a decimal comma accepted', async () => {
    const { user, input, onValueChange } = renderField({ min: 0, max: 1, step: 0.1 });
    await user.type(input, '0,2');
    expect(onValueChange).toHaveBeenLastCalledWith(0.2);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('0.3');
    expect(input).toHaveAttribute('inputmode', 'decimal');
  });

  it('has − and + buttons that step and clamp, disabled at the ends', async () => {
    const { user, input, onValueChange } = renderField({ defaultValue: 2, max: 3 });
    const decrease = screen.getByRole('button', { name: 'Decrease' });
    const increase = screen.getByRole('button', { name: 'Increase' });
    await user.click(increase);
    expect(input).toHaveValue('3');
    expect(onValueChange).toHaveBeenLastCalledWith(3);
    expect(increase).toBeDisabled();
    await user.click(decrease);
    await user.click(decrease);
    expect(input).toHaveValue('1');
    expect(decrease).toBeDisabled();
  });

  it('follows a controlled value and reports to its owner', async () => {
    function Form() {
      const [seats, setSeats] = useState<number | null>(5);
      return (
        <>
          <NumberInput label="Seats" min={1} max={10} value={seats} onValueChange={setSeats} />
          <output>{String(seats)}</output>
          <button type="button" onClick={() => setSeats(7)}>
            Reset
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    const input = screen.getByRole('spinbutton', { name: 'Seats' });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('status')).toHaveTextContent('6');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('7');
    await user.clear(input);
    expect(screen.getByRole('status')).toHaveTextContent('null');
    await user.type(input, '12');
    await user.tab();
    expect(input).toHaveValue('10');
    expect(screen.getByRole('status')).toHaveTextContent('10');
  });

  it('does nothing on keys or buttons while disabled', () => {
    const { input } = renderField({ defaultValue: 2, disabled: true });
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase' })).toBeDisabled();
  });
});
