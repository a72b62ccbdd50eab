import type { Platform, PlatformLogo } from '@wharf/contract';

export type LogoDevice = PlatformLogo['meta']['device'];
export type LogoTheme = PlatformLogo['meta']['theme'];

/** SPEC.md section 9: under the lg breakpoint the console shows the mobile logo. */
export const DESKTOP_LOGO_MEDIA = '(min-width: 1024px)';

/**
 * The logo for a device and theme (SPEC.md "Logo"). A platform may upload only some of the four;
 * the nearest one stands in: same device in the other theme, then the same theme on the other
 * device, then any logo at all.
 */
export function pickLogo(
  platform: Pick<Platform, 'logos'>,
  want: { device: LogoDevice; theme: LogoTheme },
): string | undefined {
  const { logos } = platform;
  const exact = logos.find((l) => l.meta.device === want.device && l.meta.theme === want.theme);
  const sameDevice = logos.find((l) => l.meta.device === want.device);
  const sameTheme = logos.find((l) => l.meta.theme === want.theme);
  return (exact ?? sameDevice ?? sameTheme ?? logos[0])?.url;
}

export interface Favicon {
  href: string;
  /** Set when the icon is a logo standing in for a favicon. */
  sizes?: string;
}

/** SPEC.md "Favicon": the platform favicon, else its desktop light logo at 48x48. */
export function pickFavicon(platform: Pick<Platform, 'favicon' | 'logos'>): Favicon | undefined {
  if (platform.favicon) return { href: platform.favicon };
  const logo = platform.logos.find((l) => l.meta.device === 'desktop' && l.meta.theme === 'light');
  return logo ? { href: logo.url, sizes: '48x48' } : undefined;
}
