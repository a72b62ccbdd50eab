import { screen, within } from '@testing-library/react';

/** The project sidebar, once it has rendered. */
export const projectNav = () => screen.findByRole('navigation', { name: 'Project' });

/** The labels of the menu's top-level links (sub-items sit in the lists a parent's button controls). */
export const topLabels = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => !link.closest('ul[id]'))
    .map((link) => link.textContent);
