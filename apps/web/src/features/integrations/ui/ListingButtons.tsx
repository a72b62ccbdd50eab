import type { IntegrationListing } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../../app/navigation';
import { linkClasses } from '../../accounts/ui/AuthCard';
import { settingsRouteName } from '../modules/definitions';
import { Button } from '../../../ui/Button';

export interface ListingActions {
  canManage: boolean;
  onInstall: (listing: IntegrationListing) => void;
  onUninstall: (listing: IntegrationListing) => void;
  onOpen: (listing: IntegrationListing) => void;
}

/** Install, or (installed) its settings and Uninstall: the card's and the details' buttons. */
export function ListingButtons({
  listing,
  project,
  canManage,
  onInstall,
  onUninstall,
}: Omit<ListingActions, 'onOpen'> & { listing: IntegrationListing; project?: string }) {
  const name = listing.integration.name;
  if (!listing.installed)
    return (
      <Button size="small" disabled={!canManage} onClick={() => onInstall(listing)} aria-label={`Install ${name}`}>
        Install
      </Button>
    );
  const settings = settingsRouteName(listing.code);
  return (
    <>
      {project && routeExists(settings) && (
        <Link to={pathOf(settings)} search={{ project }} className={`text-xs ${linkClasses}`}>
          Settings
        </Link>
      )}
      <Button
        size="small"
        variant="secondary"
        disabled={!canManage}
        onClick={() => onUninstall(listing)}
        aria-label={`Uninstall ${name}`}
      >
        Uninstall
      </Button>
    </>
  );
}
