import { Icon } from '../../ui/Icon';
import { headerIconButton } from './header-classes';

/** The project's public website, in a new tab; only when the project has an address. */
export function WebsiteLink({ href }: { href: string | undefined }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Open website"
      title={href}
      className={headerIconButton}
    >
      <Icon name="globe" size={20} />
    </a>
  );
}
