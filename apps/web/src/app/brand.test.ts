import type { PlatformLogo } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { platform } from '../test/fake-api';
import { pickFavicon, pickLogo } from './brand';

const logo = (device: 'mobile' | 'desktop', theme: 'light' | 'dark'): PlatformLogo => ({
  url: `/${device}-${theme}.svg`,
  meta: { device, theme },
});

describe('pickLogo', () => {
  it('chooses by device and theme', () => {
    expect(pickLogo(platform, { device: 'desktop', theme: 'light' })).toBe('/brand/logo-desktop-light.svg');
    expect(pickLogo(platform, { device: 'desktop', theme: 'dark' })).toBe('/brand/logo-desktop-dark.svg');
    expect(pickLogo(platform, { device: 'mobile', theme: 'light' })).toBe('/brand/logo-mobile-light.svg');
    expect(pickLogo(platform, { device: 'mobile', theme: 'dark' })).toBe('/brand/logo-mobile-dark.svg');
  });

  it('stands in the same device in the other theme, then the same theme, then any logo', () => {
    const logos = [logo('desktop', 'light'), logo('mobile', 'dark')];
    expect(pickLogo({ logos }, { device: 'desktop', theme: 'dark' })).toBe('/desktop-light.svg');
    expect(pickLogo({ logos: [logo('desktop', 'dark')] }, { device: 'mobile', theme: 'dark' })).toBe(
      '/desktop-dark.svg',
    );
    expect(pickLogo({ logos: [logo('desktop', 'light')] }, { device: 'mobile', theme: 'dark' })).toBe(
      '/desktop-light.svg',
    );
  });

  it('is undefined when the platform has no logo', () => {
    expect(pickLogo({ logos: [] }, { device: 'mobile', theme: 'light' })).toBeUndefined();
  });
});

describe('pickFavicon', () => {
  it('is the platform favicon when it has one', () => {
    expect(pickFavicon({ favicon: '/icon.png', logos: platform.logos })).toEqual({ href: '/icon.png' });
  });

  it('is otherwise the desktop light logo at 48x48', () => {
    expect(pickFavicon({ favicon: null, logos: platform.logos })).toEqual({
      href: '/brand/logo-desktop-light.svg',
      sizes: '48x48',
    });
  });

  it('is undefined without a favicon or a desktop light logo', () => {
    expect(pickFavicon({ favicon: null, logos: [logo('mobile', 'light')] })).toBeUndefined();
    expect(pickFavicon({ favicon: '', logos: [] })).toBeUndefined();
  });
});
