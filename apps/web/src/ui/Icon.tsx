import type { SVGAttributes } from 'react';

/** A circle as path data, so every icon is a list of strokes. */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/**
 * The console's icons, drawn on a 24 × 24 grid with 2px round strokes (no icon font, no
 * dependency). Each is the `d` of one or more paths.
 */
const paths = {
  dashboard: ['M4 4h6v8H4z', 'M14 4h6v5h-6z', 'M14 13h6v7h-6z', 'M4 16h6v4H4z'],
  chat: ['M5 5h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-4 3v-3H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z', 'M8 10h8', 'M8 13h5'],
  users: [
    circle(9, 8, 3.5),
    'M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6',
    'M15.5 4.8a3.5 3.5 0 0 1 0 6.4',
    'M18 14.5c1.8.9 3 2.8 3 5.5',
  ],
  support: [
    circle(12, 12, 9),
    circle(12, 12, 4),
    'M5.6 5.6l3.6 3.6',
    'M14.8 14.8l3.6 3.6',
    'M18.4 5.6l-3.6 3.6',
    'M9.2 14.8l-3.6 3.6',
  ],
  modules: ['M12 3l8 4.5v9L12 21l-8-4.5v-9z', 'M4 7.5l8 4.5 8-4.5', 'M12 12v9'],
  developer: ['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M14 4l-4 16'],
  settings: [
    'M10.31 5.21L10.51 2.62L13.49 2.62L13.69 5.21A7 7 0 0 1 15.61 6L17.58 4.31L19.69 6.42L18 8.39A7 7 0 0 1 18.79 10.31L21.38 10.51L21.38 13.49L18.79 13.69A7 7 0 0 1 18 15.61L19.69 17.58L17.58 19.69L15.61 18A7 7 0 0 1 13.69 18.79L13.49 21.38L10.51 21.38L10.31 18.79A7 7 0 0 1 8.39 18L6.42 19.69L4.31 17.58L6 15.61A7 7 0 0 1 5.21 13.69L2.62 13.49L2.62 10.51L5.21 10.31A7 7 0 0 1 6 8.39L4.31 6.42L6.42 4.31L8.39 6A7 7 0 0 1 10.31 5.21Z',
    circle(12, 12, 3),
  ],
  billing: ['M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z', 'M3 10h18', 'M7 15h4'],
  projects: ['M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z'],
  account: [circle(12, 12, 9), circle(12, 10, 3), 'M6.6 18.4a6 6 0 0 1 10.8 0'],
  tasks: ['M10 6h10', 'M10 12h10', 'M10 18h10', 'M4 6l1.5 1.5L8 5', 'M4 12l1.5 1.5L8 11', 'M4 18l1.5 1.5L8 17'],
  search: [circle(11, 11, 6.5), 'M20 20l-4.4-4.4'],
  bell: ['M6 16v-5a6 6 0 0 1 12 0v5l2 2H4z', 'M10 21h4'],
  basket: ['M3 9h18', 'M5 9l1.5 10h11L19 9', 'M8 9l3-5', 'M16 9l-3-5', 'M10 13v3', 'M14 13v3'],
  globe: [
    circle(12, 12, 9),
    'M3 12h18',
    'M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z',
  ],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  'chevron-down': ['M6 9l6 6 6-6'],
  'chevron-right': ['M9 6l6 6-6 6'],
  sun: [
    circle(12, 12, 4),
    'M12 2v2',
    'M12 20v2',
    'M2 12h2',
    'M20 12h2',
    'M4.9 4.9l1.4 1.4',
    'M17.7 17.7l1.4 1.4',
    'M4.9 19.1l1.4-1.4',
    'M17.7 6.3l1.4-1.4',
  ],
  moon: ['M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z'],
  logout: ['M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5', 'M16 16l4-4-4-4', 'M20 12H9'],
  plus: ['M12 5v14', 'M5 12h14'],
  minus: ['M5 12h14'],
  mail: ['M3 6h18v12H3z', 'M3 7l9 6 9-6'],
  star: ['M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z'],
  bookmark: ['M6 4h12v17l-6-4-6 4z'],
  flag: ['M5 21V4', 'M5 4h12l-2.5 4.5L17 13H5'],
  heart: ['M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z'],
  bolt: ['M13 3L5 14h6l-1 7 8-11h-6z'],
  chart: ['M4 20h16', 'M7 16v-5', 'M12 16V6', 'M17 16v-8'],
  receipt: ['M6 3h12v18l-3-2-3 2-3-2-3 2z', 'M9 8h6', 'M9 12h6', 'M9 16h3'],
  wallet: ['M4 7a2 2 0 0 1 2-2h11v4', 'M4 7v10a2 2 0 0 0 2 2h14V9H6a2 2 0 0 1-2-2z', 'M16 14h1'],
  grip: [
    circle(9, 6, 0.5),
    circle(15, 6, 0.5),
    circle(9, 12, 0.5),
    circle(15, 12, 0.5),
    circle(9, 18, 0.5),
    circle(15, 18, 0.5),
  ],
  more: [circle(12, 5, 0.5), circle(12, 12, 0.5), circle(12, 19, 0.5)],
} satisfies Record<string, string[]>;

export type IconName = keyof typeof paths;

/** Every icon's name, for pickers and tests. */
export const iconNames = Object.keys(paths) as IconName[];

export interface IconProps extends Omit<SVGAttributes<SVGSVGElement>, 'children'> {
  name: IconName;
  /** Width and height in px; 24 unless told. */
  size?: number;
  /**
   * What the icon means, when nothing else says it (an icon-only link without aria-label).
   * Without it the icon is decoration and hidden from screen readers; name the button instead.
   */
  title?: string;
}

/** An inline SVG icon drawn in the current text colour. */
export function Icon({ name, size = 24, title, className, ...svg }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className ?? 'shrink-0'}
      data-icon={name}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...svg}
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
