import { useProjectDomains, websiteUrl } from '../platform/domains-api';
import { Icon } from '../../ui/Icon';
import { headerIconButton } from './header-classes';

/**
 * The project's public website in a new tab (SPEC.md section 2), once it has an address: its verified
 * custom domain, else the one the platform gives it. Read from the domains list (one small call, shared
 * with the Domains page's cache), and only for people who hold domains.read; otherwise nothing shows.
 */
export function WebsiteLink({ project, canRead }: { project: string | undefined; canRead: boolean }) {
  const domains = useProjectDomains(project, { enabled: canRead });
  const href = canRead ? websiteUrl(domains.data) : undefined;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Open your website"
      title="Open your website"
      className={headerIconButton}
    >
      <Icon name="globe" size={20} />
    </a>
  );
}
