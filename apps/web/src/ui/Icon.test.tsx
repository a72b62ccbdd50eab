import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, iconNames } from './Icon';

describe('Icon', () => {
  it('has every icon the navigation needs', () => {
    expect(iconNames).toEqual(
      expect.arrayContaining([
        'dashboard',
        'chat',
        'users',
        'support',
        'modules',
        'developer',
        'settings',
        'billing',
        'projects',
        'account',
        'tasks',
        'search',
        'bell',
        'basket',
        'globe',
        'menu',
        'close',
        'chevron-down',
        'chevron-right',
        'sun',
        'moon',
        'logout',
        'plus',
      ]),
    );
  });

  it.each(iconNames)('%s is a 24px stroke drawing in the text colour, hidden from screen readers', (name) => {
    const { container } = render(<Icon name={name} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '24');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg).toHaveAttribute('fill', 'none');
    const paths = [...(svg?.querySelectorAll('path') ?? [])];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.getAttribute('d')).toMatch(/^M[\d.\s-]/);
  });

  it('takes a size, and a title when it carries meaning alone', () => {
    render(<Icon name="bell" size={20} title="Notifications" />);
    const svg = screen.getByRole('img', { name: 'Notifications' });
    expect(svg).toHaveAttribute('width', '20');
    expect(svg).not.toHaveAttribute('aria-hidden');
  });
});
