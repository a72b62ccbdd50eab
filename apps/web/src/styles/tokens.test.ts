import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest hands CSS imports (even ?raw) to its CSS pipeline, which empties them.
const css = readFileSync(join(import.meta.dirname, 'index.css'), 'utf8');

/** The custom properties declared in the first block that follows `selector`. */
function block(selector: string): Record<string, string> {
  const start = css.indexOf(selector);
  expect(start, `${selector} is in index.css`).toBeGreaterThanOrEqual(0);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('\n}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const base = block('@theme static');
const cloudLight = base;
const cloudDark = { ...base, ...block("[data-theme='dark']") };

describe.each([
  ['cloudLight', cloudLight],
  ['cloudDark', cloudDark],
])('%s colours', (_name, tokens) => {
  const color = (name: string) => {
    const value = tokens[`--color-${name}`];
    expect(value, `--color-${name}`).toMatch(/^#[0-9a-f]{6}$/i);
    return value as string;
  };

  it.each(['text', 'muted', 'primary', 'danger', 'warning', 'success'])(
    '%s reads at 4.5:1 or better on background and surface',
    (name) => {
      expect(contrast(color(name), color('background'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(color(name), color('surface'))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['danger', 'warning', 'success'])('%s reads at 4.5:1 or better on its soft tint', (name) => {
    expect(contrast(color(name), color(`${name}-soft`))).toBeGreaterThanOrEqual(4.5);
  });

  it('text on primary reads at 4.5:1 or better', () => {
    expect(contrast(color('on-primary'), color('primary'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(color('text'), color('primary-soft'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('base tokens (SPEC.md section 9)', () => {
  it('has the breakpoints', () => {
    expect(base).toMatchObject({
      '--breakpoint-xs': '475px',
      '--breakpoint-sm': '640px',
      '--breakpoint-md': '768px',
      '--breakpoint-lg': '1024px',
      '--breakpoint-xl': '1280px',
      '--breakpoint-2xl': '1536px',
    });
  });

  it('has the layering scale', () => {
    expect(base).toMatchObject({
      '--z-index-subfooter': '120',
      '--z-index-footer': '130',
      '--z-index-dropdown': '135',
      '--z-index-sidebar': '139',
      '--z-index-header': '140',
      '--z-index-navbar': '141',
      '--z-index-modal': '150',
      '--z-index-notification': '151',
    });
  });
});

describe('motion and scroll fades', () => {
  it('fades scroll edges over about 3rem (SPEC.md section 9)', () => {
    expect(block('.scroll-fade {')).toMatchObject({ '--scroll-fade-size': '3rem' });
  });

  it('eases the scroll fades only for people without a reduced-motion preference', () => {
    expect(css).toMatch(/@media \(prefers-reduced-motion: no-preference\) \{\s*\.scroll-fade \{\s*transition:/);
    expect(css.match(/transition:/g)).toHaveLength(1);
  });

  it('has the entrance animations the popups and dropdowns use (motion-safe: only)', () => {
    expect(block('@theme {')).toMatchObject({
      '--animate-fade-in': expect.stringContaining('wharf-fade-in'),
      '--animate-popup-in': expect.stringContaining('wharf-popup-in'),
      '--animate-sheet-in': expect.stringContaining('wharf-sheet-in'),
      '--animate-dropdown-in': expect.stringContaining('wharf-dropdown-in'),
    });
    for (const name of ['fade-in', 'popup-in', 'sheet-in', 'dropdown-in']) {
      expect(css).toContain(`@keyframes wharf-${name} {`);
    }
  });
});
