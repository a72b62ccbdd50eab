import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import type { MenuLink as MenuLinkTarget } from '../features/menu/menu-links';

/**
 * A link of a menu whose active item the menu decides (the longest matching path, SPEC.md section 2).
 * The router's <Link> marks every link whose path starts the current one with aria-current, so
 * /users/roles would mark Users and Roles; this one sets aria-current only when told. Otherwise it
 * behaves like <Link>: a real href, client-side navigation on a plain click, preloading on intent.
 */
export function MenuLink({
  link,
  current,
  className,
  onNavigate,
  children,
  'aria-label': ariaLabel,
}: {
  link: MenuLinkTarget;
  current: boolean;
  className?: string;
  onNavigate?: (() => void) | undefined;
  children: ReactNode;
  'aria-label'?: string;
}) {
  const router = useRouter();
  const options = { to: link.to, search: link.search };
  const href = router.buildLocation(options).href;
  const preload = () => void router.preloadRoute(options).catch(() => undefined);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void router.navigate(options);
    onNavigate?.();
  };
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      aria-label={ariaLabel}
      className={className}
      onClick={onClick}
      onMouseEnter={preload}
      onFocus={preload}
    >
      {children}
    </a>
  );
}
