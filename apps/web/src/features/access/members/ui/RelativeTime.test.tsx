import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDayAndTime } from '../format';
import { RelativeTime } from './RelativeTime';

describe('RelativeTime', () => {
  it('says how long ago, and gives the full date and time once the pointer is over it', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    render(<RelativeTime iso="2026-11-22T10:00:00Z" now={now} />);
    const time = screen.getByText('2 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-22T10:00:00Z');
    expect(time).not.toHaveAttribute('title');
    fireEvent.pointerEnter(time);
    expect(time).toHaveAttribute('title', formatDayAndTime('2026-11-22T10:00:00Z'));
  });

  it('shows other text when given, with the same full time on hover', () => {
    render(<RelativeTime iso="2026-01-12T09:30:00Z">12 Jan 2026</RelativeTime>);
    const time = screen.getByText('12 Jan 2026');
    fireEvent.pointerEnter(time);
    expect(time).toHaveAttribute('title', formatDayAndTime('2026-01-12T09:30:00Z'));
  });
});
