import type { PlatformLogo } from '@wharf/contract';

/** The brand the default platform starts with; the files ship in the web app's public folder. */
export const defaultFavicon = '/brand/favicon.svg';

export const defaultLogos: PlatformLogo[] = [
  { url: '/brand/logo-desktop-light.svg', meta: { device: 'desktop', theme: 'light' } },
  { url: '/brand/logo-desktop-dark.svg', meta: { device: 'desktop', theme: 'dark' } },
  { url: '/brand/logo-mobile-light.svg', meta: { device: 'mobile', theme: 'light' } },
  { url: '/brand/logo-mobile-dark.svg', meta: { device: 'mobile', theme: 'dark' } },
];

/** The hosts a fresh install answers on: the public URL's host, and this machine's loopback names. */
export function defaultDomains(publicUrl: string): string[] {
  return [...new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1'])];
}
