import { DESKTOP_LOGO_MEDIA, pickLogo } from '../app/brand';
import { usePlatform } from '../app/platform';
import { useTheme } from '../app/theme';
import { cx } from '../ui/cx';

/**
 * The platform's logo for the theme, the mobile one under the lg breakpoint and the desktop one
 * above it (SPEC.md "Logo"). The browser picks by media query, so there is no resize listener.
 */
export function PlatformLogo({ className }: { className?: string }) {
  const platform = usePlatform();
  const { theme } = useTheme();
  const mobile = pickLogo(platform, { device: 'mobile', theme });
  const desktop = pickLogo(platform, { device: 'desktop', theme });
  const fallback = mobile ?? desktop;
  if (!fallback) return <span className={cx('text-xl font-semibold', className)}>{platform.name}</span>;
  return (
    // Keyed by theme: browsers do not always re-pick a <picture> whose <source> changed.
    <picture key={theme}>
      {desktop && desktop !== fallback && <source media={DESKTOP_LOGO_MEDIA} srcSet={desktop} />}
      <img src={fallback} alt={platform.name} className={cx('w-auto max-w-[220px]', className ?? 'h-12')} />
    </picture>
  );
}
